import { expect, test } from "./fixtures";
import { disclaimer, privacyPolicy, termsOfService } from "../../app/content/legal";
import { sectionsOf } from "./legal-sections";
import { expectNoAxeViolations, viewports } from "./support";

/**
 * The legal pages' server markup, which no script changes (only the frame's Contact link does, checked with axe
 * on the pages whose specs run with JavaScript on and off): a date, a heading structure and axe, once, without JavaScript,
 * on a phone.
 */

const documents = [privacyPolicy, termsOfService, disclaimer];

for (const document of documents) {
  test(`${document.path} has its title, Last updated date, index and sections, and no axe violations on a phone`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(viewports.small);
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
    await expect(sectionHeadings).toHaveText(sectionsOf(document).map((section) => section.heading));
    expect(sectionsOf(document).length).toBeGreaterThanOrEqual(5);

    // Every index entry points at its section.
    const index = main.getByRole("navigation", { name: "On this page" });
    const entries = index.getByRole("link");
    await expect(entries).toHaveText(sectionsOf(document).map((section) => section.heading));
    for (const section of sectionsOf(document)) {
      await expect(index.getByRole("link", { name: section.heading, exact: true })).toHaveAttribute("href", `#${section.id}`);
      await expect(main.locator(`[id="${section.id}"]`)).toHaveText(section.heading);
    }

    if (document === privacyPolicy) {
      await test.step("the Privacy Policy covers the contact form's data, cookies, tracking and GDPR rights", async () => {
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
    }

    await expectNoAxeViolations(page);
  });
}
