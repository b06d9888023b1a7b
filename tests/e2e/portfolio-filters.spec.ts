import { expect, test, type Page } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { expectNoAxeViolations, viewports } from "./support";

// The public list's filters by service and industry (docs/behaviour.md#services-and-industries), with JavaScript on
// and off: links, so the same clicks work both ways. The server holds the 8 demo studies.
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);
const filters = (page: Page) => page.getByRole("navigation", { name: "Filter case studies" });
const titles = (page: Page) => page.getByRole("article").getByRole("heading", { level: 2 });

test("narrows by service, then by industry too, with counts, the choices marked, and clears", async ({ page }) => {
  await page.goto("/case-studies");
  const web = newestFirst.filter((study) => study.services.includes("website-development"));
  const services = filters(page).getByRole("group", { name: "Service" });
  const industries = filters(page).getByRole("group", { name: "Industry" });
  await expect(services.getByRole("link", { name: "All services" })).toHaveAttribute("aria-current", "true");
  const webLink = services.getByRole("link", { name: /^Website Development/ });
  await expect(webLink).toContainText(`(${web.length}`);

  await webLink.click();
  await expect(page).toHaveURL(/\/case-studies\?service=website-development$/);
  await expect(titles(page)).toHaveText(web.map((study) => study.title));
  await expect(services.getByRole("link", { name: /^Website Development/ })).toHaveAttribute("aria-current", "true");
  await expect(services.getByRole("link", { name: "All services" })).not.toHaveAttribute("aria-current");
  // The industries counted within the chosen service: only those with web work are offered.
  const healthcare = web.filter((study) => study.industry === "Healthcare");
  await expect(industries.getByRole("link", { name: /^Healthcare/ })).toContainText(`(${healthcare.length}`);
  await expect(industries.getByRole("link", { name: /^Fintech/ })).toHaveCount(0);

  await industries.getByRole("link", { name: /^Healthcare/ }).click();
  await expect(page).toHaveURL(/\/case-studies\?service=website-development&industry=healthcare$/);
  await expect(titles(page)).toHaveText(healthcare.map((study) => study.title));
  await expect(page).toHaveTitle(/^Case Studies: Website Development, Healthcare/);

  await filters(page).getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
  await expect(titles(page)).toHaveText(newestFirst.slice(0, 4).map((study) => study.title));
});

test("says so in words when nothing matches, and drops a service the site does not have", async ({ page }) => {
  await page.goto("/case-studies?service=video-editing&industry=fintech");
  await expect(page.getByRole("heading", { name: "No case studies match these filters" })).toBeVisible();
  await expect(page.getByText("None of our published work is filed under Video Editing and Fintech yet.")).toBeVisible();
  await page.goto("/case-studies?service=carrier-pigeons&industry=fintech");
  await expect(page).toHaveURL(/\/case-studies\?industry=fintech$/);
});

test("a service's panel on /services links to its work", async ({ page }) => {
  await page.goto("/services?service=graphic-design");
  const count = demoCaseStudies.filter((study) => study.services.includes("graphic-design")).length;
  const link = page.getByRole("link", { name: `See our Graphic Design work (${count} case studies)` });
  await link.click();
  await expect(page).toHaveURL(/\/case-studies\?service=graphic-design$/);
  await expect(titles(page)).toHaveCount(count);
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a filtered page has no axe violations at the ${name} viewport, nor overflows`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/case-studies?service=website-development&industry=retail");
    await expect(titles(page)).not.toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page);
  });
}
