import { expect, test, type Page } from "./fixtures";
import { messages } from "../../app/domain/messages";
import { signIn } from "./dashboard/helpers";
import { viewports, waitForHydration } from "./support";

/**
 * On a slow phone a visitor can start typing before the page's JavaScript has taken over: what they typed
 * must survive hydration and be sent as typed.
 */

test.use({ viewport: viewports.small });

/** Holds every request for the page's scripts until `release()`. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("what is typed into /contact before the JavaScript takes over is kept, and sends", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("region", { name: "Send us a Message" });
  const values = { Name: "Grace Hopper", Email: "grace@example.com", Message: "Typed while the page was still loading." };
  for (const [name, value] of Object.entries(values)) await form.getByRole("textbox", { name, exact: true }).fill(value);
  const question = (await form.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? "";
  const [a, b] = question.match(/\d+/g)!.map(Number);
  await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));

  release();
  const send = form.getByRole("button", { name: "Send Message" });
  await waitForHydration(send);
  // The first render with JavaScript has happened: "New question" only exists then.
  await expect(form.getByRole("button", { name: "New question" })).toBeVisible();
  for (const [name, value] of Object.entries(values)) await expect(form.getByRole("textbox", { name, exact: true })).toHaveValue(value);
  await expect(form.getByPlaceholder("Enter the sum")).toHaveValue(String(a! + b!));

  await send.click();
  await expect(page.getByText(messages.contactSent).filter({ visible: true })).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
});

test("a WhatsApp number typed into the settings before the JavaScript takes over is kept, formatted", async ({ page }) => {
  await signIn(page);
  const release = await holdScripts(page);
  await page.goto("/dashboard/settings", { waitUntil: "domcontentloaded" });
  const number = page.getByLabel("WhatsApp number");
  await number.fill("13035550188");
  release();
  await waitForHydration(number);
  // Taken into React's state, and so laid out like every number typed with JavaScript.
  await expect(number).toHaveValue("+1 (303) 555-0188");
});
