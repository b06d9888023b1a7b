import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { messages } from "../../../app/domain/messages";
import { expect, test, type Page } from "../fixtures";
import { signIn, unique, checkScreen } from "./helpers";

/**
 * Two-factor sign-in (docs/behaviour.md#two-factor-sign-in), walked as an admin would with JavaScript on and off:
 * set it up from the account page (the key read from the page, the codes computed here as an app would), keep the
 * recovery codes, sign out, sign in with a code, then with a recovery code. A throwaway admin of its own.
 */

/** RFC 6238 written out here (HMAC-SHA-1, 30 s, 6 digits), as an authenticator app computes it: the code `periodsLater` on. */
function appCode(secret: string, periodsLater = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret].map((char) => alphabet.indexOf(char).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + periodsLater));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function signInWithCode(page: Page, credentials: { email: string; password: string }, code: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/dashboard");
}

test("an admin turns on two-factor sign-in, keeps the recovery codes, and signs in with a code, then a recovery code", async ({ page }) => {
  test.slow();
  const name = unique("Second Factor");
  const credentials = { email: `${name.split(" ").pop()}@studio.test`, password: "second-factor-password" };
  await signIn(page);
  expect((await page.request.post("/dashboard/users", { form: { name, ...credentials }, maxRedirects: 0 })).status()).toBeLessThan(400);
  await signIn(page, credentials);

  // My account → the two-factor page, off.
  await page.goto("/dashboard/account");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("Off");
  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await expect(page).toHaveURL("/dashboard/account/two-factor");
  await checkScreen(page);

  // The QR code and the key as text; the key read from the page, the first code computed from it.
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of your setup key, for an authenticator app" })).toBeVisible();
  const key = (await page.locator("[data-setup-key]").textContent())!;
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = key.replace(/ /g, "");
  await checkScreen(page);
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText(messages.twoFactorCodeInvalid).filter({ visible: true }).first()).toBeVisible();
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  // Ten recovery codes, shown once, and the same ten in the downloaded file.
  const listed = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the codes" }).click()]);
  expect(download.suggestedFilename()).toMatch(/-recovery-codes\.txt$/);
  const file = await readFile((await download.path())!, "utf8");
  for (const code of codes) expect(file).toContain(code);
  await checkScreen(page);
  await page.goto("/dashboard/account/two-factor");
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // Signed out, the password alone no longer signs in: the code step asks for a code, then a recovery code will do.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await checkScreen(page);
  await page.getByLabel("Authentication code").fill(appCode(secret, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/dashboard");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await signInWithCode(page, credentials, codes[0]!);
  await page.goto("/dashboard/account/two-factor");
  await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();
});
