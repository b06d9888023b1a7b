import { expect, test, type Page } from "./fixtures";
import { viewports, waitForHydration } from "./support";

/**
 * The parts of the page frame that need JavaScript: the navigation works without page reloads, moving the active
 * entry, and the inlined styles survive hydration. The Contact buttons opening the contact modal instead of
 * navigating, from both bars, are in contact.js.spec.ts (docs/behaviour.md#contact-modal).
 */

const topBar = (page: Page) => page.getByRole("banner");
const bottomBar = (page: Page) => page.locator('nav[aria-label="Main"]:not(header nav)');

/** Marks the current document so a full page load (which would drop the mark) can be told apart. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __frameMark: number }).__frameMark = 1));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __frameMark?: number }).__frameMark)).toBe(1);
}

test("the stylesheet is inlined and survives hydration; the top navigation and the tabs change pages without a reload, moving the active entry", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(viewports.wide);
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
  });
  await page.goto("/");
  const styles = page.locator("style#site-css");
  const served = await styles.evaluate((node) => node.textContent ?? "");
  expect(served.length).toBeGreaterThan(10_000);
  const nav = topBar(page).getByRole("navigation", { name: "Main" });
  await waitForHydration(nav.getByRole("link", { name: "Services" }));
  await markDocument(page);

  await test.step("the top navigation changes pages without a full reload and moves the active entry", async () => {
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectSameDocument(page);
  });

  await test.step("hydration and re-renders keep the server's styles: no stylesheet request, the bar still styled", async () => {
    expect(await styles.evaluate((node) => node.textContent)).toBe(served);
    expect(await topBar(page).evaluate((node) => getComputedStyle(node).position)).toBe("fixed");
    expect(stylesheetRequests).toEqual([]);
  });

  await test.step("on a phone, the tabs change pages without a full reload and move the active entry", async () => {
    await page.setViewportSize(viewports.small);
    const tabs = bottomBar(page);
    await tabs.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(tabs.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expectSameDocument(page);
  });
});
