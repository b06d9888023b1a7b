import { expect, test } from "../fixtures";
import { holdPosts, waitForHydration } from "../support";
import { signIn, sonnerToast, toast, unique } from "./helpers";

/** The admin form with JavaScript (docs/behaviour.md#admins, #forms): its busy label while sending. */

test("the Add Admin button reads 'Adding Admin...' and is disabled while sending", async ({ page }) => {
  await signIn(page);
  const name = unique("Pending Admin");
  const held = await holdPosts(page, "**/dashboard/users*");
  await page.goto("/dashboard/users");
  const form = page.getByRole("region", { name: "Add New Admin" });
  const button = form.getByRole("button", { name: "Add Admin", exact: true });
  await waitForHydration(button);
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Email", { exact: true }).fill(`${name.split(" ").pop()}@studio.test`);
  await form.getByLabel("Password", { exact: true }).fill("pending-password");
  await expect(button).toBeEnabled();
  await button.click();

  await expect.poll(held.posts, { message: "the new admin was posted" }).toBe(1);
  // The request has not been answered yet: the form is sending.
  await expect(form.getByRole("button", { name: "Adding Admin..." })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Add Admin", exact: true })).toHaveCount(0);
  await expect(toast(page, "Admin added successfully")).toHaveCount(0);

  held.release();
  await expect(toast(page, "Admin added successfully")).toHaveCount(1);
  await expect(form.getByRole("button", { name: "Adding Admin..." })).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Add Admin", exact: true })).toBeEnabled();
  // Other tests add admins at the same time, so the new one is found by name rather than as the last entry.
  await expect(page.getByRole("list", { name: "Admin list" }).getByRole("listitem").filter({ hasText: name })).toHaveCount(1);

  // Clean up: the confirmation page's action removes the admin this test added.
  const href = await page.getByRole("link", { name: `Edit ${name}` }).getAttribute("href");
  const id = /^\/dashboard\/users\/([0-9a-f]{24})\/edit$/.exec(href ?? "")?.[1];
  expect(id).toBeDefined();
  const response = await page.request.post(`/dashboard/users/${id}/delete`, { form: { id: id! }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
});

test("a refused admin shows the message beside the form and as a 5 s toast", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/users");
  const form = page.getByRole("region", { name: "Add New Admin" });
  const button = form.getByRole("button", { name: "Add Admin", exact: true });
  await waitForHydration(button);
  await form.getByLabel("Name", { exact: true }).fill("Only A Name");
  await button.click();
  await expect(form.getByRole("alert")).toHaveText("Please fill in all fields");
  await expect(sonnerToast(page, "Please fill in all fields")).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Only A Name");
});
