import { expect, test, type Page } from "../fixtures";
import { demoCaseStudies } from "../../../app/content/demo-case-studies";
import { expectNoAxeViolations } from "../support";
import { signIn, toast } from "./helpers";

// The featured order (docs/behaviour.md#featured-work). JavaScript on only: the no-JS run would reorder the same
// shared list at the same time; the plain form post is covered by tests/integration/portfolio.test.ts.
test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const featured = demoCaseStudies.filter((study) => study.featuredOrder).sort((a, b) => a.featuredOrder! - b.featuredOrder!);
const order = (page: Page) => page.getByRole("list", { name: "Featured case studies, in order" }).getByRole("listitem");
const homeTitles = async (page: Page) => {
  await page.goto("/");
  return page.getByRole("region", { name: "Latest work" }).getByRole("heading", { level: 3 }).allTextContents();
};

test("featured work leads the home page in its order, and moving one up changes both", async ({ page }) => {
  expect(await homeTitles(page)).toEqual(featured.map((study) => study.title));

  await page.goto("/dashboard/case-studies/list");
  await page.getByRole("link", { name: "Featured order" }).click();
  await expect(order(page).getByRole("link")).toHaveText(featured.map((study) => study.title));
  await expectNoAxeViolations(page);

  const second = featured[1]!.title;
  await order(page)
    .filter({ hasText: second })
    .getByRole("button", { name: `Move up ${second}` })
    .click();
  await expect(toast(page, "Featured order saved")).toHaveCount(1);
  const moved = [featured[1]!, featured[0]!, ...featured.slice(2)].map((study) => study.title);
  await expect(order(page).getByRole("link")).toHaveText(moved);
  expect(await homeTitles(page)).toEqual(moved);

  // Back as it was, for the other tests.
  await page.goto("/dashboard/case-studies/featured");
  await order(page)
    .filter({ hasText: second })
    .getByRole("button", { name: `Move down ${second}` })
    .click();
  await expect(order(page).getByRole("link")).toHaveText(featured.map((study) => study.title));
});
