import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";

test("without JavaScript, Delete goes through a page asking the same question", async ({ page }) => {
  await signIn(page);
  const name = unique("Confirmed");
  await page.goto("/dashboard/users");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(`${name.split(" ").pop()}@studio.test`);
  await page.getByLabel("Password", { exact: true }).fill("confirm-password");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(toast(page, "Admin added successfully")).toHaveCount(1);

  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Are you sure you want to delete this admin?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(toast(page, "Admin deleted successfully")).toHaveCount(1);
  await expect(page.getByText(name)).toHaveCount(0);
});
