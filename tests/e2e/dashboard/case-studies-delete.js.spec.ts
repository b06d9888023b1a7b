import { expect, test } from "../fixtures";
import { signIn, toast, unique } from "./helpers";
import { UPLOAD, card, createThroughForm, fillForm, pngFile, removeCreated, sample } from "./case-studies-support";

test("Delete asks 'Are you sure you want to delete this case study?' and removes the card without a reload", async ({ page }) => {
  await signIn(page);
  const title = unique("Doomed Study");
  await createThroughForm(page, title);

  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const questions: string[] = [];
  page.once("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.dismiss();
  });
  await card(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  expect(questions).toEqual(["Are you sure you want to delete this case study?"]);
  await expect(card(page, title)).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await card(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await expect(card(page, title)).toHaveCount(0);
  await expect(toast(page, "Case study deleted successfully")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await page.reload();
  await expect(card(page, title)).toHaveCount(0);
});

test("the upload button reads Creating... and is disabled while sending, and the form empties after success", async ({ page }) => {
  await signIn(page);
  const title = unique("Pending Study");
  await page.route("**/dashboard/case-studies/upload*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(UPLOAD);
  await fillForm(page, sample(title));
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
  await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
  // Still on the form for 2 s, now empty and without a preview.
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByLabel("Case Study Title")).toHaveValue("");
  await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/case-studies\/list$/, { timeout: 10_000 });
  await removeCreated(page, title);
});
