import { expect, test, type Page } from "../fixtures";
import { checkScreen, signIn, toast, unique } from "./helpers";

// The industries screen (docs/behaviour.md#services-and-industries), with JavaScript on and off: plain form posts.
// The rules and messages are proven by tests/integration/portfolio.test.ts.
test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const SCREEN = "/dashboard/case-studies/industries";
const rows = (page: Page) => page.getByRole("list", { name: "Industries, in order" }).getByRole("listitem");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("button", { name: `Rename ${name}`, exact: true }) });

test("a taken name is refused; an industry is added last, renamed, moved up and removed; one in use is not removed", async ({ page }) => {
  test.slow();
  await page.goto("/dashboard/case-studies/list");
  await page.getByRole("link", { name: "Industries", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));

  // A name taken (in any case) is refused under the field, kept as typed.
  await page.getByLabel("New industry").fill("RETAIL");
  await page.getByRole("button", { name: "Add industry" }).click();
  await expect(page.getByText("There is already an industry with this name").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByLabel("New industry")).toHaveValue("RETAIL");
  await expect(rows(page)).not.toHaveCount(0);
  await checkScreen(page);

  const name = unique("Aerospace");
  await page.getByLabel("New industry").fill(name);
  await page.getByRole("button", { name: "Add industry" }).click();
  await expect(toast(page, "Industry added")).toHaveCount(1);
  await expect(row(page, name)).toHaveCount(1);
  await expect(page.getByLabel("New industry")).toHaveValue("");

  const renamed = `${name} and Defence`;
  await row(page, name).getByRole("textbox").fill(renamed);
  await row(page, name)
    .getByRole("button", { name: `Rename ${name}` })
    .click();
  await expect(toast(page, "Industry renamed")).toHaveCount(1);
  await expect(row(page, renamed)).toHaveCount(1);

  const names = async () => (await rows(page).getByRole("textbox").all()).map((box) => box.inputValue());
  const before = await Promise.all(await names());
  const above = before[before.indexOf(renamed) - 1]!;
  await row(page, renamed)
    .getByRole("button", { name: `Move up ${renamed}` })
    .click();
  await expect(toast(page, "Order saved")).toHaveCount(1);
  const after = await Promise.all(await names());
  expect(after.indexOf(renamed)).toBeLessThan(after.indexOf(above));

  await row(page, "Fintech").getByRole("button", { name: "Remove Fintech" }).click();
  await expect(row(page, "Fintech").getByRole("alert")).toHaveText(
    /case stud(y uses|ies use) this industry: give (it|them) another industry first\./,
  );
  await expect(row(page, "Fintech")).toHaveCount(1);

  await row(page, renamed)
    .getByRole("button", { name: `Remove ${renamed}` })
    .click();
  await expect(toast(page, "Industry removed")).toHaveCount(1);
  await expect(row(page, renamed)).toHaveCount(0);
});
