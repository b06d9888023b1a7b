import { expect, test } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { signIn } from "./helpers";

/**
 * Analytics (docs/behaviour.md#analytics) only shows figures: no form and nothing its script changes, so it is
 * checked with JavaScript on only. The figures themselves are proven by tests/integration/analytics.test.ts.
 */

test("analytics shows the product's own figures without axe violations, and ends where its content ends", async ({ page }) => {
  // axe on the tables, then two widths.
  test.slow();
  await signIn(page);
  await page.goto("/dashboard/analytics");
  await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
  for (const term of ["Case studies", "Published case studies", "Draft case studies"])
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Case studies per industry" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Contact messages per day, last 30 days/ })).toBeVisible();
  // Messages per week: 8 rows (ISO weeks, the current one marked), each with its count as text.
  await expect(page.getByRole("heading", { name: /Contact messages per week, last 8 weeks/ })).toBeVisible();
  const weeks = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Week" }) });
  await expect(weeks.getByRole("rowheader")).toHaveCount(8);
  await expect(weeks.getByRole("rowheader").last()).toHaveText(/\(this week\)$/);
  await expect(weeks.getByRole("cell").first()).toHaveText(/^\d+$/);
  await expectNoAxeViolations(page);

  // The per-day table is there for screen readers, not on screen: no blank space below the content.
  await expect(page.getByRole("table", { name: "Contact messages per day" })).toBeAttached();
  for (const viewport of [viewports.small, viewports.wide]) {
    await page.setViewportSize(viewport);
    const { pageHeight, contentEnd } = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      contentEnd: Math.max(window.innerHeight, document.querySelector("main")!.getBoundingClientRect().bottom + window.scrollY),
    }));
    expect(pageHeight, `at ${viewport.width} px`).toBeLessThanOrEqual(Math.ceil(contentEnd));
  }
});
