import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the admin list shows names and emails, and has no axe violations", async ({ page }) => {
  await page.goto("/dashboard/users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  await expect(page.getByText("Welcome, Admin")).toBeVisible();
  await expect(page.getByText("e2e-admin@example.com")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the 'Add New Admin' form has Name, an email-type Email and a Password field, and the Add Admin button", async ({ page }) => {
  await page.goto("/dashboard/users");
  await expect(page.getByRole("heading", { name: "Add New Admin", exact: true })).toBeVisible();
  const form = page.getByRole("region", { name: "Add New Admin" });
  await expect(form.getByLabel("Name", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  await expect(form.getByRole("button", { name: "Add Admin", exact: true })).toBeEnabled();
});

test("an admin is added, appended to the list, and the form is cleared", async ({ page }) => {
  const name = unique("Added Admin");
  const email = `${name.split(" ").pop()}@studio.test`;
  await page.goto("/dashboard/users");
  const entries = page.getByRole("list", { name: "Admin list" }).getByRole("listitem");
  const before = await entries.allTextContents();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("added-password");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(toast(page, "Admin added successfully")).toHaveCount(1);
  await expect(entries.filter({ hasText: name })).toHaveCount(1);
  // Appended: after every admin listed before (other tests add and remove admins at the same time).
  const after = await entries.allTextContents();
  const added = after.findIndex((entry) => entry.includes(name));
  for (const entry of before) if (after.includes(entry)) expect(after.indexOf(entry)).toBeLessThan(added);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("empty fields get 'Please fill in all fields' and what was typed stays", async ({ page }) => {
  await page.goto("/dashboard/users");
  await page.getByLabel("Name", { exact: true }).fill("Only A Name");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Only A Name");
});

test("a duplicate email gets a clear message", async ({ page }) => {
  await page.goto("/dashboard/users");
  await page.getByLabel("Name", { exact: true }).fill("Copy Cat");
  await page.getByLabel("Email", { exact: true }).fill("e2e-admin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("copy-password");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("An admin with this email already exists");
});

test("an admin is edited", async ({ page }) => {
  const name = unique("Editable");
  const email = `${name.split(" ").pop()}@studio.test`;
  await page.goto("/dashboard/users");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("edit-password");
  await page.getByRole("button", { name: "Add Admin" }).click();
  await expect(toast(page, "Admin added successfully")).toHaveCount(1);

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expectNoAxeViolations(page);
  await page.getByLabel("Name", { exact: true }).fill(`${name} Renamed`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(toast(page, "Admin updated successfully")).toHaveCount(1);
  await expect(page.getByText(`${name} Renamed`)).toBeVisible();
});

test("the signed-in admin has no Delete button for themself", async ({ page }) => {
  await page.goto("/dashboard/users");
  const me = page.getByRole("listitem").filter({ hasText: "e2e-admin@example.com" });
  await expect(me.getByText("You")).toBeVisible();
  await expect(me.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
});
