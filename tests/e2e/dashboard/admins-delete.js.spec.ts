import { expect, test } from "../fixtures";
import { signIn, toast, unique } from "./helpers";

test("Delete asks 'Are you sure you want to delete this admin?' and removes the admin without a reload", async ({ page }) => {
  await signIn(page);
  const name = unique("Doomed");
  await page.goto("/dashboard/users");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(`${name.split(" ").pop()}@studio.test`);
  await page.getByLabel("Password", { exact: true }).fill("doomed-password");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(toast(page, "Admin added successfully")).toHaveCount(1);

  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const questions: string[] = [];
  page.once("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.dismiss();
  });
  // Hydrated, the control is a button that opens a dialog; it still names its no-JS confirmation page.
  const remove = page.getByRole("button", { name: `Delete ${name}` });
  await expect(remove).toHaveAttribute("aria-haspopup", "dialog");
  await expect(remove).toHaveAttribute("href", /^\/dashboard\/users\/[0-9a-f]{24}\/delete$/);
  await remove.click();
  expect(questions).toEqual(["Are you sure you want to delete this admin?"]);
  await expect(page.getByText(name)).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(toast(page, "Admin deleted successfully")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});
