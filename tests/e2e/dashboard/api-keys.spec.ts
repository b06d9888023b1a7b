import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";

/**
 * An API key made on Settings → API keys, shown once, used against the API by another client (the request fixture,
 * no cookies), then revoked. Runs with JavaScript on and off.
 */
test("creates a key from the page, uses it against the API, and revokes it", async ({ page, request, javaScriptEnabled }) => {
  const name = unique("Zapier");
  await signIn(page);
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("leads:read").check();
  await form.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("API key created. Copy it now: it is not shown again.");
  await expect(shown).toHaveValue(/^sk_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toHaveAttribute("readonly", "");
  const key = await shown.inputValue();
  const row = page.getByRole("list", { name: "API keys" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("leads:read");
  if (javaScriptEnabled) await expectNoAxeViolations(page);

  const bearer = { Authorization: `Bearer ${key}`, Accept: "application/json" };
  expect((await request.get("/api/leads", { headers: bearer })).status()).toBe(200);
  const refused = await request.get("/api/keys", { headers: bearer });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: "This action needs the keys:write permission." });

  // Shown once: the page loaded again no longer has it.
  await page.goto("/dashboard/settings/keys");
  await expect(page.getByLabel("API key created. Copy it now: it is not shown again.")).toHaveCount(0);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(toast(page, "API key revoked")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get("/api/leads", { headers: bearer })).status()).toBe(401);
});
