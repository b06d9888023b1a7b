import { expect, test } from "../fixtures";
import { expectNoAxeViolations, holdPosts, waitForHydration } from "../support";
import { signIn, toast, unique } from "./helpers";

/**
 * The Users screen (docs/behaviour.md#admins, #forms), walked with JavaScript on (a busy label, a dialog to delete)
 * and off (plain posts, a confirmation page). Refusals are in refusals.spec.ts; the rules and messages in
 * tests/integration/dashboard-admins.test.ts. axe runs once per screen: with JavaScript for the screens both runs
 * share, without it for the confirmation page.
 */

test("an admin is added, appended and the form cleared, then edited and deleted; the signed-in admin cannot delete themself", async ({
  page,
  javaScriptEnabled: js,
}) => {
  test.slow();
  const name = unique("Added Admin");
  const email = `${name.split(" ").pop()}@studio.test`;
  const renamed = `${name} Renamed`;
  await signIn(page);
  await page.goto("/dashboard/users");
  const form = page.getByRole("region", { name: "Add New Admin" });
  const entries = page.getByRole("list", { name: "Admin list" }).getByRole("listitem");

  await test.step("the list names the admins; the signed-in one has no Delete", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    await expect(page.getByText("Welcome, Admin")).toBeVisible();
    const me = entries.filter({ hasText: "e2e-admin@example.com" });
    await expect(me.getByText("You")).toBeVisible();
    await expect(me.getByRole("link", { name: /^Delete/ }).or(me.getByRole("button", { name: /^Delete/ }))).toHaveCount(0);
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    if (js) await expectNoAxeViolations(page);
  });

  await test.step("Add Admin: with JavaScript it reads 'Adding Admin...' while sending; the admin is appended and the form cleared", async () => {
    const before = await entries.allTextContents();
    const button = form.getByRole("button", { name: "Add Admin", exact: true });
    if (js) await waitForHydration(button);
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill("added-password");
    const held = js ? await holdPosts(page, "**/dashboard/users*") : undefined;
    await button.click();
    if (held) {
      await expect.poll(held.posts, { message: "the new admin was posted" }).toBe(1);
      await expect(form.getByRole("button", { name: "Adding Admin..." })).toBeDisabled();
      await expect(form.getByRole("button", { name: "Add Admin", exact: true })).toHaveCount(0);
      await expect(toast(page, "Admin added successfully")).toHaveCount(0);
      held.release();
    }
    await expect(toast(page, "Admin added successfully")).toHaveCount(1);
    await expect(form.getByRole("button", { name: "Add Admin", exact: true })).toBeEnabled();
    await expect(entries.filter({ hasText: name })).toHaveCount(1);
    // Appended: after every admin listed before (other tests add and remove admins at the same time).
    const after = await entries.allTextContents();
    const added = after.findIndex((entry) => entry.includes(name));
    for (const entry of before) if (after.includes(entry)) expect(after.indexOf(entry)).toBeLessThan(added);
    for (const field of ["Name", "Email", "Password"]) await expect(form.getByLabel(field, { exact: true })).toHaveValue("");
  });

  await test.step("the admin is edited", async () => {
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    if (js) await expectNoAxeViolations(page);
    await page.getByLabel("Name", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(toast(page, "Admin updated successfully")).toHaveCount(1);
    await expect(page.getByText(renamed)).toBeVisible();
  });

  if (js) {
    await test.step("Delete asks in a dialog and removes the admin without a reload", async () => {
      await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
      const questions: string[] = [];
      page.once("dialog", async (dialog) => {
        questions.push(dialog.message());
        await dialog.dismiss();
      });
      // Hydrated, the control is a button that opens a dialog; it still names its no-JS confirmation page.
      const remove = page.getByRole("button", { name: `Delete ${renamed}` });
      await expect(remove).toHaveAttribute("aria-haspopup", "dialog");
      await expect(remove).toHaveAttribute("href", /^\/dashboard\/users\/[0-9a-f]{24}\/delete$/);
      await remove.click();
      expect(questions).toEqual(["Are you sure you want to delete this admin?"]);
      await expect(page.getByText(renamed)).toBeVisible();

      page.once("dialog", (dialog) => dialog.accept());
      await remove.click();
      await expect(page.getByText(renamed)).toHaveCount(0);
      await expect(toast(page, "Admin deleted successfully")).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    });
  } else {
    await test.step("Delete goes through a page asking the same question", async () => {
      await page.getByRole("link", { name: `Delete ${renamed}` }).click();
      await expect(page.getByRole("heading", { name: "Are you sure you want to delete this admin?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/dashboard\/users$/);
      await expect(toast(page, "Admin deleted successfully")).toHaveCount(1);
      await expect(page.getByText(renamed)).toHaveCount(0);
    });
  }
});
