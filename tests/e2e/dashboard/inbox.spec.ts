import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { sendMessageAsVisitor, signIn, toast, unique } from "./helpers";

/**
 * The inbox (docs/behaviour.md#messages), walked with JavaScript on (in-place updates, a dialog to delete) and off
 * (plain posts, a confirmation page). axe runs once per screen: with JavaScript for the inbox, without it for the
 * confirmation page.
 */

test("a message sent from the site arrives unread, is marked read, the sidebar counts the unread, and it is deleted", async ({
  page,
  context,
  javaScriptEnabled: js,
}) => {
  // A visitor in a browser of its own sends the message first: two pages and a captcha before the check starts.
  test.slow();
  const name = unique("Visitor");
  await sendMessageAsVisitor(context, name);

  await signIn(page);
  await page.goto("/dashboard/messages");
  const entry = page.getByRole("listitem").filter({ hasText: name });

  await test.step("it arrives unread, counted in the sidebar", async () => {
    await expect(entry).toContainText(`Hello from ${name}`);
    await expect(entry.getByText("New")).toBeVisible();
    await expect(page.getByRole("link", { name: /Messages \d+ unread/ })).toBeVisible();
    if (js) await expectNoAxeViolations(page);
  });

  await test.step("Mark read; the sidebar's count matches the inbox's New marks", async () => {
    await entry.getByRole("button", { name: "Mark read" }).click();
    await expect(entry.getByRole("button", { name: "Mark unread" })).toBeVisible();
    await expect(entry.getByText("New")).toHaveCount(0);
    // Other tests send messages at the same time: the sidebar's count must match the inbox's "New" marks.
    await page.reload();
    const unread = await page.getByRole("listitem").getByText("New", { exact: true }).count();
    if (unread > 0) await expect(page.getByRole("link", { name: `Messages ${unread} unread` })).toBeVisible();
    else await expect(page.getByRole("link", { name: /unread/ })).toHaveCount(0);
  });

  if (js) {
    await test.step("Delete asks in a dialog and removes it without a reload", async () => {
      let question = "";
      page.once("dialog", (dialog) => {
        question = dialog.message();
        void dialog.accept();
      });
      await page.getByRole("button", { name: `Delete the message from ${name}` }).click();
      await expect(page.getByText(name)).toHaveCount(0);
      await expect(toast(page, "Message deleted successfully")).toHaveCount(1);
      expect(question).toBe("Are you sure you want to delete this message?");
    });
  } else {
    await test.step("Delete goes through a page asking the same question; Cancel keeps it", async () => {
      await page.getByRole("link", { name: `Delete the message from ${name}` }).click();
      await expect(page.getByRole("heading", { name: "Are you sure you want to delete this message?" })).toBeVisible();
      await expect(page.getByText(`From ${name} (visitor@example.com)`)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/dashboard\/messages$/);
      await expect(entry).toHaveCount(1);
      await page.getByRole("link", { name: `Delete the message from ${name}` }).click();
      await page.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/dashboard\/messages$/);
      await expect(toast(page, "Message deleted successfully")).toHaveCount(1);
      await expect(page.getByText(name)).toHaveCount(0);
    });
  }
});
