import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";
import {
  LIST,
  UPLOAD,
  card,
  createThroughForm,
  expectFormHolds,
  fillForm,
  idOf,
  pngFile,
  removeCreated,
  sample,
} from "./case-studies-support";

const js = () => test.info().project.use.javaScriptEnabled !== false;

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the list shows the heading, the add button and cards with Edit, Delete and View, with no axe violations", async ({ page }) => {
  await page.goto(LIST);
  await expect(page.getByRole("heading", { level: 2, name: "Case Studies" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Case Study" })).toHaveAttribute("href", UPLOAD);
  const first = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  await expect(first.locator("img")).toHaveAttribute("srcset", /480w.*960w.*1600w/);
  await expect(first.locator(".line-clamp-2")).toBeVisible();
  await expect(first.getByRole("link", { name: /^Edit / })).toHaveAttribute("href", /^\/dashboard\/case-studies\/edit\/[0-9a-f]{24}$/);
  // A link to its confirmation page without JavaScript; a button that opens a dialog with it.
  await expect(first.getByRole("link", { name: /^Delete / }).or(first.getByRole("button", { name: /^Delete / }))).toBeVisible();
  const view = first.getByRole("link", { name: /^View / });
  await expect(view).toHaveAttribute("href", /^\/case-studies\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("rel", "noopener noreferrer");
  await expectNoAxeViolations(page);
});

test("the Web address field saves the address; the old one and the id then lead to it", async ({ page }) => {
  // A create, an edit and two pages: more than the default 30 s on a busy machine.
  test.slow();
  const title = unique("Address Study");
  await createThroughForm(page, title);
  const id = await idOf(page, title);
  await page.goto(`/dashboard/case-studies/edit/${id}`);
  const field = page.getByLabel("Web address");
  const made = await field.inputValue();
  expect(made).toBe(title.toLowerCase().replaceAll(" ", "-"));
  await field.fill(`${title} Moved!`);
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  const moved = `${made}-moved`;
  await expect(card(page, title).getByRole("link", { name: /^View / })).toHaveAttribute("href", `/case-studies/${moved}`);
  for (const old of [made, id]) {
    await page.goto(`/case-studies/${old}`);
    await expect(page).toHaveURL(new RegExp(`/case-studies/${moved}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  }
  await removeCreated(page, title);
});

test("the upload form has its labelled fields and no axe violations", async ({ page }) => {
  await page.goto(UPLOAD);
  await expect(page.getByRole("heading", { name: "Create Case Study" })).toBeVisible();
  await expect(page.getByLabel("Project Insight")).toHaveAttribute("rows", "4");
  await expect(page.getByLabel("Technologies")).toHaveAttribute("placeholder", "React, Node.js, MongoDB");
  await expect(page.getByLabel("Case Study Image")).toHaveAttribute("accept", "image/*");
  for (const n of [1, 2, 3]) await expect(page.getByRole("group", { name: `Outcome ${n}` }).getByLabel("Label")).toHaveValue("");
  await expectNoAxeViolations(page);
});

test("the Industry field suggests the list's names and takes a new one, which joins the list", async ({ page }) => {
  await page.goto(UPLOAD);
  const industry = page.getByLabel("Industry");
  const listId = await industry.getAttribute("list");
  await expect(page.locator(`datalist#${listId} option[value="Logistics"]`)).toHaveCount(1);

  const typed = { ...sample(unique("New Industry Study")), industry: unique("Kelp Farming") };
  await fillForm(page, typed);
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });

  await page.goto(UPLOAD);
  await expect(page.locator(`datalist#${listId} option[value="${typed.industry}"]`)).toHaveCount(1);
  await removeCreated(page, typed.title);
  await page.goto("/dashboard/case-studies/industries");
  await page.getByRole("button", { name: `Remove ${typed.industry}`, exact: true }).click();
  await expect(toast(page, "Industry removed")).toHaveCount(1);
});

test("a case study is uploaded with its image, the toast shows and the list has it", async ({ page }) => {
  const title = unique("Uploaded Study");
  await createThroughForm(page, title);
  await expect(card(page, title).locator("img")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-960\.webp$/);
  await removeCreated(page, title);
});

test("a validation error shows the catalogue's message and keeps everything typed", async ({ page }) => {
  const typed = { ...sample(unique("Kept Study")), title: "" };
  await page.goto(UPLOAD);
  await fillForm(page, typed);
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(page.getByLabel("Case Study Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription("Please fill in the title");
  await expectFormHolds(page, typed);
  if (js()) {
    // The form was not remounted: the chosen file is still there.
    expect(await page.getByLabel("Case Study Image").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
    await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toBeVisible();
  } else {
    await expect(page.getByText("Please choose the image again")).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("blank outcomes are refused with 'Please fill in all outcome labels and values'", async ({ page }) => {
  const typed = sample(unique("Outcome Study"));
  typed.outcomes[2] = ["Depots live", ""];
  await page.goto(UPLOAD);
  await fillForm(page, typed);
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(page.getByText("Please fill in all outcome labels and values", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Outcome 3" }).getByLabel("Value")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Case Study Image")).toHaveAccessibleDescription(/Please choose an image for the case study/);
  await expectFormHolds(page, typed);
});

test("an oversize image gets a clear message and the typed values stay", async ({ page }) => {
  const typed = sample(unique("Oversize Study"));
  const big = Buffer.alloc(Math.round(5.5 * 1024 * 1024));
  big.set([0xff, 0xd8, 0xff]);
  await page.goto(UPLOAD);
  await fillForm(page, typed);
  await page.getByLabel("Case Study Image").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(page.getByLabel("Case Study Image")).toHaveAccessibleDescription(/The image must be at most 5 MB/);
  await expectFormHolds(page, typed);
  // The refused file is not kept: a new one is asked for.
  expect(await page.getByLabel("Case Study Image").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
});

test("a case study is edited: a new title and a new image", async ({ page }) => {
  const title = unique("Editable Study");
  await createThroughForm(page, title);
  const oldSrc = await card(page, title).locator("img").getAttribute("src");
  const id = await idOf(page, title);

  await card(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/case-studies/edit/${id}$`));
  await expect(page.getByRole("heading", { name: "Edit Case Study" })).toBeVisible();
  await expectFormHolds(page, sample(title));
  await expect(page.getByRole("img", { name: "Current cover of the case study" })).toBeVisible();
  await expectNoAxeViolations(page);

  const renamed = `${title} Renamed`;
  await page.getByLabel("Case Study Title").fill(renamed);
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile("new.png", { r: 220, g: 120, b: 40 }));
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, renamed)).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect(await card(page, renamed).locator("img").getAttribute("src")).not.toBe(oldSrc);
  await removeCreated(page, renamed);
});

test("editing an unknown case study goes back to the list with 'Failed to load case study'", async ({ page }) => {
  await page.goto("/dashboard/case-studies/edit/64b7f0000000000000000000");
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(toast(page, "Failed to load case study")).toHaveCount(1);
});
