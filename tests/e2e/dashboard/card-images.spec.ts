import { expect, test, type Page } from "../fixtures";
import { imageBytes } from "../../support/factories";
import { viewports } from "../support";
import { toast, signIn, unique } from "./helpers";
import { card, fillForm, LIST, removeCreated, sample, UPLOAD } from "./case-studies-support";

/** Every card keeps the 16:10 image box whatever the upload's own shape (here 2000×1300 beside the demo's). */

/** The heights of the image boxes of the list's cards (the image's own box and the box around it). */
const imageHeights = (page: Page) =>
  page
    .getByRole("main")
    .locator("li img")
    .evaluateAll((images) =>
      images.flatMap((image) => [image.getBoundingClientRect().height, image.parentElement!.getBoundingClientRect().height]),
    );

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a 2000×1300 upload's card is as tall as the others (${name} screen)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    const title = unique("Wide Image Study");
    try {
      await page.goto(UPLOAD);
      await fillForm(page, sample(title));
      const buffer = Buffer.from(await imageBytes("png", 2000, 1300));
      await page.getByLabel("Case Study Image").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer });
      await page.getByRole("button", { name: "Create Case Study" }).click();
      await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
      await page.goto(LIST);
      const image = card(page, title).locator("img");
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);

      const heights = await imageHeights(page);
      expect(heights.length).toBeGreaterThan(2);
      for (const height of heights) expect(Math.abs(height - heights[0]!)).toBeLessThanOrEqual(1);
      const { width, height } = (await image.boundingBox())!;
      expect(width / height).toBeCloseTo(1.6, 1);
    } finally {
      await removeCreated(page, title);
    }
  });
}
