import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { card, fillForm, idOf, LIST, pngFile, removeCreated, sample, UPLOAD } from "./case-studies-support";
import { signIn, toast, unique } from "./helpers";

/**
 * Drafts through the case study form (docs/behaviour.md#case-studies), with JavaScript on and off: the Status and
 * Image alt text fields, from a draft to its publication. axe runs once per screen, on the hydrated page. The
 * list's filters and the public pages: drafts-list.js.spec.ts.
 */

const BANNER = "Draft: only admins see this";

test("the form saves a draft with its alt text, keeps both through a refusal, and publishes it", async ({ page, javaScriptEnabled }) => {
  // Two refusals, two saves and three pages.
  test.slow();
  const title = unique("Form draft");
  const alt = "A depot map on a wall screen";
  await signIn(page);
  try {
    await page.goto(UPLOAD);
    const published = page.getByRole("radio", { name: "Published", exact: true });
    const draft = page.getByRole("radio", { name: "Draft", exact: true });
    await expect(published).toBeChecked();
    await expect(draft).toHaveAccessibleDescription(
      "Only admins see it: in the dashboard, and on its own page when signed in. A title is enough to save it; publishing needs every field.",
    );
    await expect(page.getByLabel("Image alt text")).toHaveAttribute("maxlength", "200");

    // Refused (no title): the choice and the alt text stay.
    await fillForm(page, { ...sample(title), title: "" });
    await draft.check();
    await page.getByLabel("Image alt text").fill(alt);
    await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription("Please fill in the title");
    await expect(draft).toBeChecked();
    await expect(published).not.toBeChecked();
    await expect(page.getByLabel("Image alt text")).toHaveValue(alt);
    if (javaScriptEnabled) await expectNoAxeViolations(page);

    // Saved as a draft with a publish time: the list's badge and time, and its page for the admin with the banner and the alt text.
    await page.getByLabel("Case Study Title").fill(title);
    await page.getByLabel("Publish at (UTC)", { exact: true }).fill("2031-12-01T09:00");
    await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    await expect(card(page, title).getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(card(page, title).getByText("Scheduled: goes live 1 Dec 2031, 09:00 UTC")).toBeVisible();
    const id = await idOf(page, title);
    // The edit screen's View page: the page as saved, opened in a new tab.
    await page.goto(`/dashboard/case-studies/edit/${id}`);
    const view = page.getByRole("link", { name: "View page (opens in a new tab)" });
    await expect(view).toHaveAttribute("target", "_blank");
    await page.goto((await view.getAttribute("href"))!);
    // At its slug, made from the title.
    await expect(page).toHaveURL(new RegExp(`/case-studies/${title.toLowerCase().replaceAll(" ", "-")}$`));
    await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
    await expect(page.getByRole("img", { name: alt, exact: true })).toBeVisible();

    // Edited: the form shows the draft, its schedule and its alt text; publishing now asks to clear the publish time first.
    await page.goto(`/dashboard/case-studies/edit/${id}`);
    await expect(draft).toBeChecked();
    await expect(page.getByLabel("Image alt text")).toHaveValue(alt);
    await expect(page.getByLabel("Publish at (UTC)", { exact: true })).toHaveValue("2031-12-01T09:00");
    await published.check();
    await page.getByLabel("Image alt text").fill("");
    await page.getByRole("button", { name: "Update Case Study" }).click();
    await expect(page.getByLabel("Publish at (UTC)", { exact: true })).toHaveAccessibleDescription(
      /A publish time is for a draft: clear it to publish now/,
    );
    await expect(published).toBeChecked();
    await page.getByLabel("Publish at (UTC)", { exact: true }).fill("");
    await page.getByRole("button", { name: "Update Case Study" }).click();
    await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title).getByText("Draft", { exact: true })).toHaveCount(0);

    // Public now: no banner, and the image is named by the title.
    await page.goto(`/case-studies/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await expect(page.getByRole("img", { name: title, exact: true })).toBeVisible();
  } finally {
    await removeCreated(page, title);
  }
});
