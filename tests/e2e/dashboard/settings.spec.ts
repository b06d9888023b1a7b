import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support";
import { signIn, toast } from "./helpers";

// One test, so the public site sees the changed settings and they are restored afterwards.
test("settings change the WhatsApp number (formatted) and contact email the public site shows", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expectNoAxeViolations(page);
  const number = page.getByLabel("WhatsApp number");
  const email = page.getByLabel("Contact email");
  const original = { number: await number.inputValue(), email: await email.inputValue() };

  try {
    await number.fill("1 (303) 555 0188");
    await email.fill("studio-team@example.com");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
    await expect(page.getByLabel("WhatsApp number")).toHaveValue("+1 (303) 555-0188");

    await page.goto("/contact");
    await expect(page.getByText("+1 (303) 555-0188").first()).toBeVisible();
    await expect(page.getByText("studio-team@example.com").first()).toBeVisible();
    await expect(page.locator('a[href^="https://wa.me/13035550188"]').first()).toBeAttached();
  } finally {
    await page.goto("/dashboard/settings");
    await page.getByLabel("WhatsApp number").fill(original.number);
    await page.getByLabel("Contact email").fill(original.email);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
  }
});

test("a bad contact email is refused and what was typed stays", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/settings");
  await page.getByLabel("Contact email").fill("not-an-email");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(page.getByLabel("Contact email")).toHaveValue("not-an-email");
});
