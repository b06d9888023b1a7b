import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";
import { LIST, card, createThroughForm } from "./case-studies-support";

test("without JavaScript, Delete goes through a page asking the same question", async ({ page }) => {
  await signIn(page);
  const title = unique("Confirmed Study");
  await createThroughForm(page, title);

  await card(page, title)
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  await expect(page.getByRole("heading", { name: "Are you sure you want to delete this case study?" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(card(page, title)).toBeVisible();

  await card(page, title)
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(toast(page, "Case study deleted successfully")).toHaveCount(1);
  await expect(card(page, title)).toHaveCount(0);
});
