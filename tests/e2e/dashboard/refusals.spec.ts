import { expect, test, type Page } from "../fixtures";
import { viewports } from "../support";
import { fillForm, sample, UPLOAD } from "./case-studies-support";
import { signIn, sonnerToast, unique } from "./helpers";

/**
 * A refused form shows each message once where it belongs (docs/behaviour.md#forms): a field's own message under
 * it, a message several fields share at the form's top; with JavaScript the catalogue's toast joins them, and it
 * never covers a field.
 */

/** How many times `text` is on screen, leaving out the toasts. */
async function timesShown(page: Page, text: string): Promise<number> {
  return page.evaluate((text) => {
    let count = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest("[data-sonner-toaster], script, style")) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      count += (node.textContent ?? "").split(text).length - 1;
    }
    return count;
  }, text);
}

/** The fields, their labels and the forms' headings that a toast covers, as "tag: text". */
async function coveredByToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll("[data-sonner-toast]")].map((toast) => toast.getBoundingClientRect());
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    // What has scrolled under the sticky header is hidden by the header, whatever lies over it.
    const below = document.querySelector("[data-dashboard-header]")?.getBoundingClientRect().bottom ?? 0;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return new DOMRect(box.left, Math.max(box.top, below), box.width, box.bottom - Math.max(box.top, below));
    };
    return [...document.querySelectorAll("main :is(input:not([type=hidden]), textarea, select, label, legend, h2, h3)")]
      .filter((element) => element.checkVisibility() && shown(element).height > 0)
      .filter((element) => toasts.some((toast) => overlaps(toast, shown(element))))
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim() || element.id}`);
  });
}

async function expectToastCoversNoField(page: Page, text: string) {
  await expect(sonnerToast(page, text)).toBeVisible();
  await expect(sonnerToast(page, text)).toHaveCSS("opacity", "1");
  await expect.poll(() => coveredByToasts(page)).toEqual([]);
}

// Each form is refused at a phone's width and at a wide screen's (where a toast lands depends on the width), each on
// a page of its own so the first width's toasts are gone.
test("a refused admin shows each message once, keeps what was typed, and the toast covers no field", async ({
  page,
  javaScriptEnabled,
}) => {
  // Two widths, each a page and its refusals.
  test.slow();
  await signIn(page);
  const form = page.locator("form#add-admin");
  for (const viewport of [viewports.small, viewports.wide]) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/users");
    await form.getByLabel("Name", { exact: true }).fill("Copy Cat");
    await form.getByLabel("Email", { exact: true }).fill("e2e-admin@example.com");
    await form.getByLabel("Password", { exact: true }).fill("copy-password");
    await form.getByRole("button", { name: "Add Admin" }).click();

    const taken = "An admin with this email already exists";
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(taken);
    expect(await timesShown(page, taken)).toBe(1);
    if (javaScriptEnabled) await expectToastCoversNoField(page, taken);

    // A message the three fields share is the form's, once at its top.
    await form.getByLabel("Name", { exact: true }).fill("Only A Name");
    await form.getByLabel("Email", { exact: true }).fill("");
    await form.getByLabel("Password", { exact: true }).fill("");
    await form.getByRole("button", { name: "Add Admin" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please fill in all fields");
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Please fill in all fields");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Only A Name");
    expect(await timesShown(page, "Please fill in all fields")).toBe(1);
    if (javaScriptEnabled) await expectToastCoversNoField(page, "Please fill in all fields");
  }
});

test("a refused case study shows each message once, and the toast covers no field", async ({ page, javaScriptEnabled }) => {
  // Two widths, each a page and its refusals.
  test.slow();
  await signIn(page);
  const typed = { ...sample(unique("Refused Study")), title: "" };
  typed.outcomes[2] = ["Depots live", ""];
  for (const viewport of [viewports.small, viewports.wide]) {
    await page.setViewportSize(viewport);
    await page.goto(UPLOAD);
    await fillForm(page, typed);
    await page.getByRole("button", { name: "Create Case Study" }).click();

    // In the form's order: the title, the outcomes, then the image.
    const refusals = [
      "Please fill in the title",
      "Please fill in all outcome labels and values",
      "Please choose an image for the case study",
    ];
    await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription(refusals[0]!);
    for (const text of refusals) expect(await timesShown(page, text), text).toBe(1);
    if (javaScriptEnabled) await expectToastCoversNoField(page, refusals.join(", "));
  }
});
