import { expect, test } from "./fixtures";
import { disclaimer, privacyPolicy, termsOfService, type LegalDocument } from "../../app/content/legal";
import { parseMarkdown } from "../../app/lib/markdown.server";
import { expectNoAxeViolations, viewports } from "./support";

/** /privacy, /terms and /disclaimer: real pages with a date, a heading structure and a readable measure. */

const documents = [privacyPolicy, termsOfService, disclaimer];

/** A document's sections: its Markdown's `##` headings. */
const sectionsOf = (document: LegalDocument) =>
  parseMarkdown(document.body)
    .headings.filter((heading) => heading.depth === 2)
    .map(({ id, text }) => ({ id, heading: text }));

for (const document of documents) {
  const sections = sectionsOf(document);
  test.describe(`${document.path}`, () => {
    test("has its title, Last updated date, index and sections", async ({ page, baseURL }) => {
      const response = await page.goto(document.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${document.title} | Northbeam Studio`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${document.path}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", document.description);

      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(document.title);
      const updated = main.getByText(/^Last updated:/);
      await expect(updated).toBeVisible();
      const time = updated.locator("time");
      await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      const datetime = (await time.getAttribute("datetime"))!;
      expect(Number.isNaN(Date.parse(datetime))).toBe(false);
      await expect(time).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

      // One h2 per section, after the index's own heading.
      const sectionHeadings = main.getByRole("region").getByRole("heading", { level: 2 });
      await expect(sectionHeadings).toHaveText(sections.map((section) => section.heading));
      expect(sections.length).toBeGreaterThanOrEqual(5);

      // Every index entry points at its section.
      const index = main.getByRole("navigation", { name: "On this page" });
      const entries = index.getByRole("link");
      await expect(entries).toHaveText(sections.map((section) => section.heading));
      for (const section of sections) {
        await expect(index.getByRole("link", { name: section.heading, exact: true })).toHaveAttribute("href", `#${section.id}`);
        await expect(main.locator(`[id="${section.id}"]`)).toHaveText(section.heading);
      }
    });

    test.describe("on a wide screen", () => {
      test.use({ viewport: viewports.wide });

      test("keeps the text at a readable measure and shows a section below the fixed top bar", async ({ page }) => {
        await page.goto(document.path);
        const main = page.getByRole("main");
        const paragraph = main.getByRole("region").first().locator("p").first();
        const width = (await paragraph.boundingBox())!.width;
        expect(width).toBeGreaterThan(400);
        expect(width).toBeLessThanOrEqual(720);

        const last = sections.at(-1)!;
        await main.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: last.heading, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
        const heading = main.getByRole("heading", { level: 2, name: last.heading });
        await expect(heading).toBeInViewport();
        const bar = (await page.getByRole("banner").boundingBox())!;
        expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      });
    });

    for (const [label, viewport] of Object.entries(viewports)) {
      test.describe(`accessibility (${label} screens)`, () => {
        test.use({ viewport });

        test("has no axe violations", async ({ page }) => {
          await page.goto(document.path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        });
      });
    }
  });
}

test("the Privacy Policy covers the contact form's data, cookies, tracking and GDPR rights", async ({ page }) => {
  await page.goto("/privacy");
  const collected = page.getByRole("region", { name: "The data we collect" });
  for (const item of [/your name/, /your email address/, /your message/]) {
    await expect(collected.getByRole("listitem").filter({ hasText: item })).toHaveCount(1);
  }
  const cookies = page.getByRole("region", { name: "Cookies and tracking" });
  await expect(cookies).toContainText("session cookie for administrators");
  await expect(cookies).toContainText("does not load third-party analytics, advertising or social media tracking by default");
  const rights = page.getByRole("region", { name: "Your rights" });
  await expect(rights).toContainText("General Data Protection Regulation (GDPR)");
  await expect(rights.getByRole("link", { name: "hello@northbeam.studio" })).toHaveAttribute("href", "mailto:hello@northbeam.studio");
});

test("the legal pages link to each other", async ({ page }) => {
  await page.goto("/terms");
  await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.goto("/disclaimer");
  await page.getByRole("main").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
});
