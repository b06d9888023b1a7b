import { expect, test, type Page } from "../fixtures";
import { holdPosts, waitForHydration } from "../support";
import { expectTwoSecondsFromAnswerToReach, recordTimeline, signIn, sonnerToast, toast, unique } from "./helpers";
import { LIST, UPLOAD, card, createThroughForm, fillForm, idOf, pngFile, removeCreated, sample } from "./case-studies-support";

/**
 * The case study form with JavaScript (docs/behaviour.md#case-study-form, #forms): the edit button's busy
 * label, and the 2 s wait before the list after a successful upload or edit, measured in the page.
 */

const editPath = (id: string) => `/dashboard/case-studies/edit/${id}`;

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** Opens the edit form of `id` once the page's script handles it, and gives it a new title. */
async function openEditAndRename(page: Page, id: string, renamed: string) {
  await page.goto(editPath(id));
  await expect(page.getByRole("heading", { name: "Edit Case Study" })).toBeVisible();
  const button = page.getByRole("button", { name: "Update Case Study" });
  await waitForHydration(button);
  await page.getByLabel("Case Study Title").fill(renamed);
  return button;
}

test("the edit button reads Updating... and is disabled while the update is in flight", async ({ page }) => {
  const title = unique("Pending Edit");
  const renamed = `${title} Renamed`;
  await createThroughForm(page, title);
  const id = await idOf(page, title);

  const held = await holdPosts(page, "**/dashboard/case-studies/edit/*");
  const button = await openEditAndRename(page, id, renamed);
  await expect(button).toBeEnabled();
  await button.click();
  await expect.poll(held.posts, { message: "the update was posted" }).toBe(1);
  // The request has not been answered yet: the form is sending.
  await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Update Case Study" })).toHaveCount(0);
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${editPath(id)}$`));

  held.release();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  // Once answered it no longer reads as sending.
  await expect(page.getByRole("button", { name: "Updating..." })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, renamed)).toBeVisible();
  await removeCreated(page, renamed);
});

test("after a successful upload the list is reached 2 s after the action's answer", async ({ page }) => {
  const title = unique("Timed Upload");
  await recordTimeline(page, { answerOf: `${UPLOAD}.data`, reach: LIST });
  await page.goto(UPLOAD);
  await fillForm(page, sample(title));
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  const button = page.getByRole("button", { name: "Create Case Study" });
  await waitForHydration(button);
  await button.click();
  await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, title)).toBeVisible();
  await expectTwoSecondsFromAnswerToReach(page);
  await removeCreated(page, title);
});

test("after a successful edit the list is reached 2 s after the action's answer", async ({ page }) => {
  const title = unique("Timed Edit");
  const renamed = `${title} Renamed`;
  await createThroughForm(page, title);
  const id = await idOf(page, title);

  await recordTimeline(page, { answerOf: `${editPath(id)}.data`, reach: LIST });
  const button = await openEditAndRename(page, id, renamed);
  await button.click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, renamed)).toBeVisible();
  await expectTwoSecondsFromAnswerToReach(page);
  await removeCreated(page, renamed);
});

test("a refused upload shows the message beside its field and as a 5 s toast", async ({ page }) => {
  await page.goto(UPLOAD);
  const button = page.getByRole("button", { name: "Create Case Study" });
  await waitForHydration(button);
  await fillForm(page, { ...sample(unique("Refused Study")), title: "" });
  await button.click();
  await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription("Please fill in the title");
  await expect(sonnerToast(page, "Please fill in the title")).toBeVisible();
  await expect(page).toHaveURL(UPLOAD);
});
