import { expect, test, type Page } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { viewports } from "./support";

// Without JavaScript the pages are plain server-rendered documents and the page buttons plain links. The images'
// markup and the layout are the same with JavaScript on, so they are checked here once. A page out of range is
// redirected by the loader (tests/integration/public-case-studies.test.ts).
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);
const studies = (page: Page) => page.getByRole("article");

/** Where the image sits relative to the title, and how the study lays out, for the first two studies. */
async function geometry(page: Page) {
  const result = [];
  for (let index = 0; index < 2; index++) {
    const article = studies(page).nth(index);
    const image = (await article.locator("img").boundingBox())!;
    const title = (await article.getByRole("heading", { level: 2 }).boundingBox())!;
    const display = await article.evaluate((element) => getComputedStyle(element).display);
    result.push({ image, title, display });
  }
  return result;
}

test("a phone gets stacked cards with sized images, the first eager; a wide screen a lead study, then alternating rows; page 2 is a new document", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(viewports.small);
  await page.goto("/case-studies");

  await test.step("images are sized, the first eager and the rest lazy; every study is rendered once", async () => {
    const images = studies(page).locator("img");
    await expect(images).toHaveCount(4);
    for (let index = 0; index < 4; index++) {
      const image = images.nth(index);
      await expect(image).toHaveAttribute("width", "1600");
      await expect(image).toHaveAttribute("height", "1000");
      await expect(image).toHaveAttribute("srcset", /480w.*960w.*1600w/);
      await expect(image).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");
    }
    for (const study of newestFirst.slice(0, 4)) {
      await expect(page.getByRole("heading", { name: study.title, exact: true })).toHaveCount(1);
      await expect(page.getByText(study.project_insight)).toHaveCount(1);
    }
  });

  await test.step("phones get stacked cards: image above the text", async () => {
    for (const { image, title, display } of await geometry(page)) {
      expect(display).not.toBe("grid");
      expect(image.y + image.height).toBeLessThanOrEqual(title.y);
      expect(image.width).toBeGreaterThan(viewports.small.width * 0.8);
    }
  });

  await test.step("wide screens: the first study leads with an image the list's width, then rows with two-thirds images", async () => {
    await page.setViewportSize(viewports.wide);
    const [first, second] = await geometry(page);
    expect(first!.image.y + first!.image.height).toBeLessThanOrEqual(first!.title.y);
    expect(first!.image.width).toBeGreaterThan(viewports.wide.width * 0.8);
    expect(second!.display).toBe("grid");
    expect(second!.title.x + second!.title.width).toBeLessThanOrEqual(second!.image.x);
    const rowWidth = await studies(page)
      .nth(1)
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(second!.image.width).toBeGreaterThan(rowWidth * 0.6);
  });

  await test.step("page 2 loads as a new document from the server, with no spinner", async () => {
    const pageTwo = page.getByRole("navigation", { name: "Case studies pages" }).getByRole("link", { name: "Page 2", exact: true });
    await expect(pageTwo).toHaveAttribute("href", "/case-studies?page=2");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/case-studies" && r.request().isNavigationRequest()),
      pageTwo.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).search).toBe("?page=2");
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(newestFirst.slice(4, 8).map((s) => s.title));
    // No spinner without JavaScript: nothing is pending in the page.
    await expect(page.getByRole("status", { name: "Loading case studies" })).toHaveCount(0);
  });
});
