import { expect, test, type Page } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { expectNoAxeViolations, viewports } from "./support";

// The public list's filters by service and industry (docs/behaviour.md#services-and-industries), with JavaScript on
// and off: links, so the same clicks work both ways. The server holds the 8 demo studies. The counts and an unknown
// filter's redirect are proven in tests/integration/portfolio.test.ts; axe runs once, with JavaScript (the same markup
// is served without).
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);
const filters = (page: Page) => page.getByRole("navigation", { name: "Filter case studies" });
const titles = (page: Page) => page.getByRole("article").getByRole("heading", { level: 2 });

test("from a service's panel to its work, narrowed by service then industry too, with counts, the choices marked, and cleared", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  await page.setViewportSize(viewports.small);

  await test.step("a service's panel on /services links to its work", async () => {
    await page.goto("/services?service=graphic-design");
    const count = demoCaseStudies.filter((study) => study.services.includes("graphic-design")).length;
    const link = page.getByRole("link", { name: `See our Graphic Design work (${count} case studies)` });
    await link.click();
    await expect(page).toHaveURL(/\/case-studies\?service=graphic-design$/);
    await expect(titles(page)).toHaveCount(count);
    await filters(page).getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
  });

  const web = newestFirst.filter((study) => study.services.includes("website-development"));
  const services = filters(page).getByRole("group", { name: "Service" });
  const industries = filters(page).getByRole("group", { name: "Industry" });

  await test.step("narrows by service, with counts and the choice marked", async () => {
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
  });

  await test.step("a filtered page on a phone does not overflow, its filters a row each, and has no axe violations", async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.small.width);
    expect((await filters(page).boundingBox())!.height).toBeLessThan(260);
    if (javaScriptEnabled) await expectNoAxeViolations(page);
  });

  await test.step("clears", async () => {
    await filters(page).getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
    await expect(titles(page)).toHaveText(newestFirst.slice(0, 4).map((study) => study.title));
  });

  await test.step("says so in words when nothing matches", async () => {
    await page.goto("/case-studies?service=video-editing&industry=fintech");
    await expect(page.getByRole("heading", { name: "No case studies match these filters" })).toBeVisible();
    await expect(page.getByText("None of our published work is filed under Video Editing and Fintech yet.")).toBeVisible();
  });
});
