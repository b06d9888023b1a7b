import { expect, test, type Page } from "../fixtures";
import { signIn, toast, unique } from "./helpers";
import { LIST, UPLOAD, expectFormHolds, fillForm, idOf, pngFile, removeCreated, sample } from "./case-studies-support";

// The case study form's story, gallery and search-engine sections (docs/behaviour.md#the-story-in-full), with
// JavaScript on (conform changes the form in place) and off (each gallery button is a round trip). The full
// gallery's layout and axe: gallery-full.js.spec.ts.

const entry = (page: Page, n: number) => page.getByRole("group", { name: `Gallery image ${n}`, exact: true });
const shownGallery = (page: Page) => page.getByRole("region", { name: "Gallery" }).getByRole("img");

test.beforeEach(async ({ page }) => {
  // Each test posts several multipart forms with images, or checks a form of 12 entries with axe.
  test.slow();
  await signIn(page);
});

test("gallery entries are added, filled (one refused without alt text first), moved and removed; the page shows the story and the gallery in that order", async ({
  page,
  javaScriptEnabled,
}) => {
  const title = unique("Gallery Study");
  const typed = sample(title);
  await page.goto(UPLOAD);
  await fillForm(page, typed);
  const add = page.getByRole("button", { name: "Add a gallery image" });
  await add.click();
  await expect(entry(page, 1)).toBeVisible();
  await add.click();
  await expect(entry(page, 2)).toBeVisible();
  await expectFormHolds(page, typed);

  await entry(page, 1)
    .getByLabel("Image file")
    .setInputFiles(await pngFile("one.png", { r: 220, g: 60, b: 60 }));
  await entry(page, 1).getByLabel("Alt text").fill("First picture");
  await entry(page, 2)
    .getByLabel("Image file")
    .setInputFiles(await pngFile("two.png", { r: 60, g: 160, b: 60 }));
  await entry(page, 2).getByLabel("Caption").fill("The second one");
  await page.getByLabel("Summary").fill("A short summary of the work.");
  await page.getByLabel("Challenge", { exact: true }).fill("## Where it started\n\nSee [the brief](https://brief.example/one).");
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());

  // An entry without alt text is refused under it, the rest of the form kept; nothing is stored.
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(entry(page, 2).getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");
  await expect(entry(page, 2).getByLabel("Alt text")).toHaveAccessibleDescription(/Please describe the gallery image in its alt text/);
  await expectFormHolds(page, typed);
  await expect(entry(page, 1).getByLabel("Alt text")).toHaveValue("First picture");
  await expect(entry(page, 2).getByLabel("Caption")).toHaveValue("The second one");

  // Without JavaScript the files are chosen again (a browser never keeps them across a page).
  await entry(page, 2).getByLabel("Alt text").fill("Second picture");
  if (!javaScriptEnabled) {
    await entry(page, 1)
      .getByLabel("Image file")
      .setInputFiles(await pngFile("one.png", { r: 220, g: 60, b: 60 }));
    await entry(page, 2)
      .getByLabel("Image file")
      .setInputFiles(await pngFile("two.png", { r: 60, g: 160, b: 60 }));
    await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  }
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  const id = await idOf(page, title);
  const edit = `/dashboard/case-studies/edit/${id}`;

  await page.goto(edit);
  // The thumbnail is decorative (alt=""): the alt text field beside it says what it shows.
  await expect(entry(page, 1).locator("img")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-960\.webp$/);
  await page.getByRole("button", { name: "Move Gallery image 2 up" }).click();
  await expect(entry(page, 1).getByLabel("Alt text")).toHaveValue("Second picture");
  await expect(entry(page, 2).getByLabel("Alt text")).toHaveValue("First picture");
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);

  await page.goto(`/case-studies/${id}`);
  await expect(page.getByText("A short summary of the work.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Challenge" }).getByRole("heading", { level: 3 })).toHaveText("Where it started");
  await expect(shownGallery(page)).toHaveCount(2);
  await expect(shownGallery(page).nth(0)).toHaveAccessibleName("Second picture");
  await expect(shownGallery(page).nth(1)).toHaveAccessibleName("First picture");
  await expect(page.getByRole("region", { name: "Gallery" }).locator("figcaption")).toHaveText("The second one");

  await page.goto(edit);
  await page.getByRole("button", { name: "Remove Gallery image 1" }).click();
  await expect(entry(page, 2)).toHaveCount(0);
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await page.goto(`/case-studies/${id}`);
  await expect(shownGallery(page)).toHaveCount(1);
  await expect(shownGallery(page).first()).toHaveAccessibleName("First picture");

  await removeCreated(page, title);
});
