import { messages } from "../../../app/domain/messages";
import { expect, test } from "../fixtures";
import { checkScreen, signIn, toast, unique, withLock } from "./helpers";

test("the site content area lists every part, and its editors fit a phone and pass axe", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto("/dashboard/content");
  await expect(page.getByRole("heading", { level: 2, name: "Site content" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expect(page.getByRole("link", { name: "Privacy Policy", exact: true })).toBeVisible();
  await checkScreen(page);
  await page.goto("/dashboard/content/team");
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await checkScreen(page);
});

test("a refused edit of the process publishes nothing; an admin adds a step, moves it up and publishes it, then removes it again", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signIn(page);
  await withLock("content-process", baseURL!, async () => {
    await page.goto("/dashboard/content/process");
    // A refused edit shows the message at its field, keeps what was typed and publishes nothing.
    const first = page.getByRole("group", { name: "Step 1" });
    const before = await first.getByLabel("Title").inputValue();
    await first.getByLabel("Title").fill("");
    await first.getByLabel("Description").fill("Typed, and kept after the refusal.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(first.getByText(messages.fillInField("step's title"))).toBeVisible();
    await expect(first.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(first.getByLabel("Description")).toHaveValue("Typed, and kept after the refusal.");
    await page.goto("/dashboard/content/process");
    await expect(first.getByLabel("Title")).toHaveValue(before);

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
