import type { Page } from "@playwright/test";
import { imageBytes } from "../../support/factories";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, holdPosts, viewports, waitForHydration } from "../support";
import { LIST, UPLOAD, card, expectFormHolds, fillForm, idOf, outcome, pngFile, sample } from "./case-studies-support";
import { expectTwoSecondsFromAnswerToReach, recordTimeline, restartTimeline, signIn, toast, unique } from "./helpers";

/**
 * A case study's life in the dashboard (docs/behaviour.md#case-study-form, #forms), walked with JavaScript on
 * (the form changes in place, busy labels, the 2 s wait measured in the page, a dialog to delete) and off (plain
 * posts, a confirmation page). The markup, messages, redirects and stored files are proven by
 * tests/integration/dashboard-case-studies.test.ts and case-study-addresses.test.ts; here, what a browser adds.
 * axe runs once per screen: with JavaScript for the screens both runs share, without it for the confirmation page.
 */

/** The heights of the image boxes of the list's cards (the image's own box and the box around it). */
const imageHeights = (page: Page) =>
  page
    .getByRole("main")
    .locator("li img")
    .evaluateAll((images) =>
      images.flatMap((image) => [image.getBoundingClientRect().height, image.parentElement!.getBoundingClientRect().height]),
    );

test("an admin uploads a case study after two refusals, edits it with a new address and image, and deletes it", async ({
  page,
  javaScriptEnabled: js,
}) => {
  // Eight screens' worth of steps in one walk (two refusals, an upload, an edit, a delete, with the 2 s waits): a
  // bound for a machine running several suites at once, not the time it takes.
  test.setTimeout(240_000);
  const title = unique("Journey Study");
  const typed = { ...sample(title), industry: unique("Kelp Farming") };
  // Wider than the demo's images: every card keeps the 16:10 box whatever the upload's own shape.
  const wide = { name: "wide.png", mimeType: "image/png", buffer: Buffer.from(await imageBytes("png", 2000, 1300)) };
  const image = page.getByLabel("Case Study Image");
  await recordTimeline(page, { answerOf: "/dashboard/case-studies/", reach: LIST });
  await signIn(page);

  await test.step("the list leads to the upload form", async () => {
    await page.goto(LIST);
    await expect(page.getByRole("heading", { level: 2, name: "Case Studies" })).toBeVisible();
    if (js) await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Add New Case Study" }).click();
    await expect(page).toHaveURL(new RegExp(`${UPLOAD}$`));
    await expect(page.getByRole("heading", { name: "Create Case Study" })).toBeVisible();
    const listId = await page.getByLabel("Industry").getAttribute("list");
    await expect(page.locator(`datalist#${listId} option[value="Logistics"]`)).toHaveCount(1);
  });

  await test.step("an oversize image is refused at its field; what was typed stays, the file does not", async () => {
    const big = Buffer.alloc(Math.round(5.5 * 1024 * 1024));
    big.set([0xff, 0xd8, 0xff]);
    if (js) await waitForHydration(image);
    await fillForm(page, typed);
    await image.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(image).toHaveAccessibleDescription(/The image must be at most 5 MB/);
    await expectFormHolds(page, typed);
    expect(await image.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  });

  const refused = { ...typed, title: "", outcomes: [typed.outcomes[0]!, typed.outcomes[1]!, ["Depots live", ""]] as [string, string][] };
  await test.step("a blank title and outcome are refused at their fields; with JavaScript the chosen file stays", async () => {
    await fillForm(page, refused);
    await image.setInputFiles(wide);
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(page.getByLabel("Case Study Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription("Please fill in the title");
    await expect(outcome(page, 2).getByLabel("Value")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please fill in all outcome labels and values", { exact: true })).toBeVisible();
    await expectFormHolds(page, refused);
    if (js) {
      // The form was not remounted: the chosen file is still there.
      expect(await image.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
      await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toHaveAttribute("src", /^blob:/);
      await expectNoAxeViolations(page);
    } else {
      await expect(page.getByText("Please choose the image again")).toBeVisible();
    }
  });

  await test.step("the corrected form is uploaded: with JavaScript it reads Creating..., empties, and the list follows 2 s later", async () => {
    await page.getByLabel("Case Study Title").fill(title);
    await outcome(page, 2).getByLabel("Value").fill(typed.outcomes[2]![1]);
    if (!js) await image.setInputFiles(wide);
    const held = js ? await holdPosts(page, `**${UPLOAD}*`) : undefined;
    await page.getByRole("button", { name: "Create Case Study" }).click();
    if (held) {
      await expect.poll(held.posts, { message: "the upload was posted" }).toBe(1);
      await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
      await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(0);
      held.release();
    }
    // The images are resized on the server before the answer: seconds on a busy machine.
    await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1, { timeout: 15_000 });
    if (js) {
      // Still on the form for 2 s, now empty and without a preview.
      await expect(page).toHaveURL(new RegExp(`${UPLOAD}$`));
      await expect(page.getByLabel("Case Study Title")).toHaveValue("");
      await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toHaveCount(0);
    }
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    if (js) await expectTwoSecondsFromAnswerToReach(page);
    await expect(card(page, title).locator("img")).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-960\.webp$/);
  });

  await test.step("its card is as tall as the others on a phone and a wide screen", async () => {
    const cover = card(page, title).locator("img");
    await expect.poll(() => cover.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    for (const viewport of [viewports.small, viewports.wide]) {
      await page.setViewportSize(viewport);
      const heights = await imageHeights(page);
      expect(heights.length).toBeGreaterThan(2);
      for (const height of heights) expect(Math.abs(height - heights[0]!)).toBeLessThanOrEqual(1);
      const { width, height } = (await cover.boundingBox())!;
      expect(width / height).toBeCloseTo(1.6, 1);
    }
  });

  const renamed = `${title} Renamed`;
  await test.step("the new industry is offered on the form; the card's Edit opens the saved entry", async () => {
    await page.goto(UPLOAD);
    const listId = await page.getByLabel("Industry").getAttribute("list");
    await expect(page.locator(`datalist#${listId} option[value="${typed.industry}"]`)).toHaveCount(1);
    await page.goto(LIST);
    const id = await idOf(page, title);
    await card(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case-studies/edit/${id}$`));
    await expect(page.getByRole("heading", { name: "Edit Case Study" })).toBeVisible();
    await expectFormHolds(page, typed);
    await expect(page.getByRole("img", { name: "Current cover of the case study" })).toBeVisible();
    await expect(page.getByLabel("Web address")).toHaveValue(title.toLowerCase().replaceAll(" ", "-"));
    // A Markdown field's Preview, without JavaScript a plain post: the text rendered under it, the form as typed.
    await page.getByLabel("Challenge", { exact: true }).fill("## The brief\n\nA *slow* checkout.");
    await page.getByRole("button", { name: "Preview Challenge" }).click();
    const preview = page.getByRole("region", { name: "Preview", exact: true });
    await expect(preview.getByRole("heading", { name: "The brief" })).toBeVisible();
    await expect(preview.locator("em")).toHaveText("slow");
    await expect(page.getByRole("button", { name: "Preview Challenge" })).toHaveText("Preview");
    await expectFormHolds(page, typed);
    if (js) await expectNoAxeViolations(page);
  });

  await test.step("a new title, address and image are saved: with JavaScript it reads Updating..., and the list follows 2 s later", async () => {
    const oldSrc = await page.getByRole("img", { name: "Current cover of the case study" }).getAttribute("src");
    const edit = page.url();
    await page.getByLabel("Case Study Title").fill(renamed);
    await page.getByLabel("Web address").fill(`${title} Moved!`);
    await image.setInputFiles(await pngFile("new.png", { r: 220, g: 120, b: 40 }));
    const held = js ? await holdPosts(page, "**/dashboard/case-studies/edit/*") : undefined;
    if (js) {
      await waitForHydration(image);
      await restartTimeline(page);
    }
    await page.getByRole("button", { name: "Update Case Study" }).click();
    if (held) {
      await expect.poll(held.posts, { message: "the update was posted" }).toBe(1);
      await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Update Case Study" })).toHaveCount(0);
      await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(0);
      await expect(page).toHaveURL(edit);
      held.release();
    }
    // The images are resized on the server before the answer: seconds on a busy machine.
    await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Updating..." })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    if (js) await expectTwoSecondsFromAnswerToReach(page);
    await expect(card(page, renamed)).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    expect(await card(page, renamed).locator("img").getAttribute("src")).not.toBe(oldSrc);
    const moved = `${title.toLowerCase().replaceAll(" ", "-")}-moved`;
    await expect(card(page, renamed).getByRole("link", { name: /^View / })).toHaveAttribute("href", `/case-studies/${moved}`);
  });

  if (js) {
    await test.step("Delete asks in a dialog, and removes the card without a reload", async () => {
      await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
      const questions: string[] = [];
      page.once("dialog", async (dialog) => {
        questions.push(dialog.message());
        await dialog.dismiss();
      });
      await card(page, renamed)
        .getByRole("button", { name: `Delete ${renamed}` })
        .click();
      expect(questions).toEqual(["Are you sure you want to delete this case study?"]);
      await expect(card(page, renamed)).toBeVisible();

      page.once("dialog", (dialog) => dialog.accept());
      await card(page, renamed)
        .getByRole("button", { name: `Delete ${renamed}` })
        .click();
      await expect(card(page, renamed)).toHaveCount(0);
      await expect(toast(page, "Case study deleted successfully")).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    });
  } else {
    await test.step("Delete goes through a page asking the same question; Cancel keeps it", async () => {
      await card(page, renamed)
        .getByRole("link", { name: `Delete ${renamed}` })
        .click();
      await expect(page.getByRole("heading", { name: "Are you sure you want to delete this case study?" })).toBeVisible();
      await expect(page.getByText(renamed)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
      await expect(card(page, renamed)).toBeVisible();

      await card(page, renamed)
        .getByRole("link", { name: `Delete ${renamed}` })
        .click();
      await page.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));
      await expect(toast(page, "Case study deleted successfully")).toHaveCount(1);
      await expect(card(page, renamed)).toHaveCount(0);
    });
  }
  await page.reload();
  await expect(card(page, renamed)).toHaveCount(0);

  // The industry it brought leaves with it, for the other tests.
  await page.goto("/dashboard/case-studies/industries");
  await page.getByRole("button", { name: `Remove ${typed.industry}`, exact: true }).click();
  await expect(toast(page, "Industry removed")).toHaveCount(1);
});
