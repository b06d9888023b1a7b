import { expect, test } from "./fixtures";
import { disclaimer, privacyPolicy, termsOfService } from "../../app/content/legal";
import { sectionsOf } from "./legal-sections";
import { viewports } from "./support";

/**
 * /privacy, /terms and /disclaimer with JavaScript on and off: a readable measure, the index's links and the links
 * between the pages. Their server markup, which no script changes, is checked once in legal.nojs.spec.ts.
 */

const documents = [privacyPolicy, termsOfService, disclaimer];

test("on a wide screen each legal page keeps a readable measure and shows a section below the fixed top bar; the pages link to each other", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(viewports.wide);
  for (const document of documents) {
    await test.step(`${document.path} keeps the text at a readable measure and shows a section below the fixed top bar`, async () => {
      await page.goto(document.path);
      const main = page.getByRole("main");
      const paragraph = main.getByRole("region").first().locator("p").first();
      const width = (await paragraph.boundingBox())!.width;
      expect(width).toBeGreaterThan(400);
      expect(width).toBeLessThanOrEqual(720);

      const last = sectionsOf(document).at(-1)!;
      await main.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: last.heading, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
      const heading = main.getByRole("heading", { level: 2, name: last.heading });
      await expect(heading).toBeInViewport();
      const bar = (await page.getByRole("banner").boundingBox())!;
      expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    });
  }

  await test.step("the legal pages link to each other", async () => {
    await page.goto("/terms");
    await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.goto("/disclaimer");
    await page.getByRole("main").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });
});
