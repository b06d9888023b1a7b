import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { sendMessageAsVisitor, signIn, toast, unique } from "./helpers";

test("without JavaScript, deleting a message goes through a page asking the same question", async ({ page, context }) => {
  // A visitor in a browser of its own sends the message first: two pages and a captcha before the check starts.
  test.slow();
  const name = unique("Confirmed");
  await sendMessageAsVisitor(context, name);

  await signIn(page);
  await page.goto("/dashboard/messages");
  await page.getByRole("link", { name: `Delete the message from ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Are you sure you want to delete this message?" })).toBeVisible();
  await expect(page.getByText(`From ${name} (visitor@example.com)`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancel keeps it; confirming deletes it.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("link", { name: `Delete the message from ${name}` }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
  await expect(toast(page, "Message deleted successfully")).toHaveCount(1);
  await expect(page.getByText(name)).toHaveCount(0);
});
