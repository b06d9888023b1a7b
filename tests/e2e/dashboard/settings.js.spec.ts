import { expect, test } from "../fixtures";
import { holdScripts, waitForHydration } from "../support";
import { signIn } from "./helpers";

/**
 * The settings form with JavaScript (docs/behaviour.md#settings, #validation, #forms): the WhatsApp number laid
 * out as it is typed, even before the page's JavaScript took over; a wrong email stopped in the browser. Nothing
 * is saved here.
 */

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a WhatsApp number typed before the JavaScript takes over is kept, and laid out once it has", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/dashboard/settings", { waitUntil: "domcontentloaded" });
  const number = page.getByLabel("WhatsApp number");
  await number.fill("13035550188");
  release();
  await waitForHydration(number);
  await expect(number).toHaveValue("+1 (303) 555-0188");
});

test("the number is laid out as it is typed; a bad email is refused in the browser, then its message goes as it is corrected", async ({
  page,
}) => {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts++;
  });
  await page.goto("/dashboard/settings");
  const number = page.getByLabel("WhatsApp number");
  await waitForHydration(number);
  await number.fill("");
  await number.pressSequentially("1303555");
  await expect(number).toHaveValue("+1 (303) 555");
  await number.fill("");
  await number.pressSequentially("+442079460018");
  await expect(number).toHaveValue("+44 20 7946 0018");

  const email = page.getByLabel("Contact email");
  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(email).toBeFocused();
  expect(posts).toBe(0);

  await email.fill("studio@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
});
