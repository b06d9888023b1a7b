import { expect, test } from "../fixtures";
import { demoCaseStudies } from "../../../app/content/demo-case-studies";
import { expectNoAxeViolations, viewports } from "../support";
import { signIn } from "./helpers";

// The case study form with a full gallery (12 entries, docs/behaviour.md#the-story-in-full) only shows what is
// stored: checked once, with JavaScript, for its limits, its fit on a phone and axe.
test("the form with a full gallery fits a phone, has no axe violations, and offers no 13th entry", async ({ page }) => {
  test.slow();
  await signIn(page);
  const demo = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
  // The demo study may be past the list's first page by now: its id comes from the API.
  const listed = (await (await page.request.get("/api/case-studies?per_page=100")).json()) as { data: { id: string; title: string }[] };
  await page.setViewportSize(viewports.small);
  await page.goto(`/dashboard/case-studies/edit/${listed.data.find((study) => study.title === demo.title)!.id}`);
  const entry = page.getByRole("group", { name: "Gallery image 12", exact: true });
  await expect(entry).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a gallery image" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move Gallery image 1 up" })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.small.width);
  await expectNoAxeViolations(page);
});
