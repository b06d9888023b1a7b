import { documentHydrated, expect, test, type Page } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { demoStories } from "../../app/content/demo-case-study-stories";
import { expectNoAxeViolations, viewports } from "./support";

// A case study's summary, Challenge/Approach/Result and gallery on its page (docs/behaviour.md#the-story-in-full),
// with JavaScript on and off, on the newest demo study: it has all three sections and a gallery of 12. This is where a
// study's page is checked with axe (JavaScript on, a wide screen; the markup is the server's), and at the phone's width.
const study = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
const story = demoStories[study.slug]!;
const js = () => test.info().project.use.javaScriptEnabled !== false;

async function openStudy(page: Page) {
  await page.goto("/case-studies");
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: study.title, exact: true }) })
    .getByRole("link", { name: /^Read case study/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
}

const gallery = (page: Page) => page.getByRole("region", { name: "Gallery" });

test("the summary leads, the sections follow the insight in order, the gallery is a grid of links whose images open larger", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(viewports.wide);
  await openStudy(page);

  await test.step("the summary, the sections in order, the gallery of 12, no overflow, no axe violations", async () => {
    await expect(page.locator("header").getByText(story.summary)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", story.summary);
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    const insight = headings.indexOf("Project insight");
    expect(headings.slice(insight, insight + 5)).toEqual(["Project insight", "Challenge", "Approach", "Result", "Outcomes"]);
    // The sections' own headings sit under theirs.
    await expect(page.getByRole("region", { name: "Result" }).getByRole("heading", { level: 3 })).toHaveText("What changed for the team");
    const external = page.getByRole("region", { name: "Approach" }).getByRole("link", { name: /our guide to trial funnels/ });
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    await expect(external).toHaveAttribute("target", "_blank");

    const links = gallery(page).getByRole("link");
    await expect(links).toHaveCount(12);
    for (const [index, image] of story.gallery.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("href", `/images/case-studies/gallery/${study.slug}-${index + 1}-1600.webp`);
      await expect(link.getByRole("img", { name: image.alt, exact: true })).toHaveAttribute("loading", "lazy");
    }
    await expect(gallery(page).locator("figcaption").first()).toHaveText(story.gallery[0]!.caption!);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // axe runs in the page: with JavaScript off it cannot (the markup is the same, checked with it on).
    if (js()) await expectNoAxeViolations(page);
  });

  await test.step("on a phone, nothing overflows, and the 12 are thumbnails, not a column of 2,900 px", async () => {
    await page.setViewportSize(viewports.small);
    await expect(gallery(page).getByRole("link")).toHaveCount(12);
    expect((await gallery(page).getByRole("list").boundingBox())!.height).toBeLessThan(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step("a gallery image opens larger: in a dialog with JavaScript, as the image itself without", async () => {
    const first = gallery(page).getByRole("link").first();
    if (!js()) {
      const [response] = await Promise.all([page.waitForEvent("response", (r) => r.url().endsWith("-1-1600.webp")), first.click()]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
      return;
    }
    await documentHydrated(page);
    await first.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: story.gallery[0]!.alt })).toBeVisible();
    await expect(dialog).toContainText(`1 / 12 · ${story.gallery[0]!.caption}`);
    await expectNoAxeViolations(page);
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toContainText("2 / 12");
    await dialog.getByRole("button", { name: "Previous" }).click();
    await dialog.getByRole("button", { name: "Previous" }).click();
    await expect(dialog).toContainText("12 / 12");
    // The page behind the modal dialog is inert: Tab never reaches it.
    for (let tab = 0; tab < 5; tab++) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate(
        (element) => element.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });
});
