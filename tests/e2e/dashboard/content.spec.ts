import { messages } from "../../../app/domain/messages";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { signIn, toast, unique, withLock } from "./helpers";

test("the site content area lists every part, and its editors fit a phone and pass axe", async ({ page }) => {
  test.slow();
  await signIn(page);
  for (const viewport of [viewports.small, viewports.wide]) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/content");
    await expect(page.getByRole("heading", { level: 2, name: "Site content" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByRole("link", { name: "Privacy Policy", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const part of ["team"]) {
      await page.goto(`/dashboard/content/${part}`);
      await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page);
    }
  }
});

test("an admin adds a process step, moves it up and publishes it, then removes it again", async ({ page, baseURL }) => {
  test.slow();
  await signIn(page);
  await withLock("content-process", baseURL!, async () => {
    await page.goto("/dashboard/content/process");
    const steps = page.getByRole("group", { name: /^Step \d+$/ });
    const count = await steps.count();
    const title = unique("Review");

    await page.getByRole("button", { name: "Add step" }).click();
    const added = page.getByRole("group", { name: `Step ${count + 1}` });
    await expect(added).toBeVisible();
    await added.getByLabel("Title").fill(title);
    await added.getByLabel("Description").fill("We look back together and plan what comes next.");
    await page.getByRole("button", { name: `Move Step ${count + 1} up` }).click();
    await expect(page.getByRole("group", { name: `Step ${count}` }).getByLabel("Title")).toHaveValue(title);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, messages.contentPublished)).toHaveCount(1);
    await expect(steps).toHaveCount(count + 1);
    await expect(page.getByRole("group", { name: `Step ${count}` }).getByLabel("Title")).toHaveValue(title);

    await page.getByRole("button", { name: `Remove Step ${count}` }).click();
    await expect(steps).toHaveCount(count);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, messages.contentPublished)).toHaveCount(1);
    await expect(steps).toHaveCount(count);
    await expect(page.getByRole("textbox", { name: "Title" }).and(page.locator(`[value="${title}"]`))).toHaveCount(0);
  });
});

test("a refused edit shows the message at its field, keeps what was typed and publishes nothing", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto("/dashboard/content/process");
  const first = page.getByRole("group", { name: "Step 1" });
  const before = await first.getByLabel("Title").inputValue();
  await first.getByLabel("Title").fill("");
  await first.getByLabel("Description").fill("Typed, and kept after the refusal.");
  await page.getByRole("button", { name: "Publish" }).click();
  const message = messages.fillInField("step's title");
  await expect(first.getByText(message)).toBeVisible();
  await expect(first.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(first.getByLabel("Description")).toHaveValue("Typed, and kept after the refusal.");
  await page.goto("/dashboard/content/process");
  await expect(page.getByRole("group", { name: "Step 1" }).getByLabel("Title")).toHaveValue(before);
});
