import { expect, test } from "../fixtures";
import { sendMessageAsVisitor, signIn, toast, unique } from "./helpers";

test("a message is deleted after confirming, without a reload", async ({ page, context }) => {
  const name = unique("Deletable");
  await sendMessageAsVisitor(context, name);

  await signIn(page);
  await page.goto("/dashboard/messages");
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
