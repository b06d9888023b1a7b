import { expect, test, type Locator, type Page } from "./fixtures";
import { viewports, waitForHydration } from "./support";

/**
 * The parts of the page frame that need JavaScript: the Contact buttons open the contact modal
 * instead of navigating (docs/behaviour.md#contact-modal), and the navigation works without page reloads.
 */

const topBar = (page: Page) => page.getByRole("banner");
const bottomBar = (page: Page) => page.locator('nav[aria-label="Main"]:not(header nav)');
const contactIn = (scope: Locator) =>
  scope.getByRole("link", { name: "Contact", exact: true }).or(scope.getByRole("button", { name: "Contact", exact: true }));

/** Opens the modal from `contact`, checks the page stayed put, closes it and checks focus came back. */
async function expectContactOpensModal(page: Page, contact: Locator) {
  await waitForHydration(contact);
  const url = page.url();
  await contact.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);

  await dialog.getByRole("button", { name: /close/i }).first().click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  await expect(contact).toBeFocused();
}

/** Marks the current document so a full page load (which would drop the mark) can be told apart. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __frameMark: number }).__frameMark = 1));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __frameMark?: number }).__frameMark)).toBe(1);
}

test.describe("wide screens (1280×800)", () => {
  test.use({ viewport: viewports.wide });

  test("the top bar's Contact button opens the contact modal instead of navigating", async ({ page }) => {
    await page.goto("/about");
    await expectContactOpensModal(page, contactIn(topBar(page)));
  });

  test("the top navigation changes pages without a full reload and moves the active entry", async ({ page }) => {
    await page.goto("/privacy");
    const nav = topBar(page).getByRole("navigation", { name: "Main" });
    await waitForHydration(nav.getByRole("link", { name: "About" }));
    await markDocument(page);
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectSameDocument(page);
  });
});

test.describe("small screens (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("the tab bar's Contact button opens the contact modal instead of navigating", async ({ page }) => {
    await page.goto("/about");
    await expectContactOpensModal(page, contactIn(bottomBar(page)));
  });

  test("the tabs change pages without a full reload and move the active entry", async ({ page }) => {
    await page.goto("/terms");
    const tabs = bottomBar(page);
    await waitForHydration(tabs.getByRole("link", { name: "About" }));
    await markDocument(page);
    await tabs.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(tabs.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expectSameDocument(page);
  });
});

test.describe("styles", () => {
  test.use({ viewport: viewports.wide });

  test("the stylesheet is inlined in the document, needs no request, and survives hydration and client navigation", async ({ page }) => {
    const stylesheetRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
    });
    await page.goto("/");
    const styles = page.locator("style#site-css");
    const served = await styles.evaluate((node) => node.textContent ?? "");
    expect(served.length).toBeGreaterThan(10_000);
    await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Services" }));

    await markDocument(page);
    await page.getByRole("banner").getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expectSameDocument(page);
    // Hydration and re-renders keep the server's text: a styled element still has its Tailwind look.
    expect(await styles.evaluate((node) => node.textContent)).toBe(served);
    const banner = page.getByRole("banner");
    expect(await banner.evaluate((node) => getComputedStyle(node).position)).toBe("fixed");
    expect(stylesheetRequests).toEqual([]);
  });
});
