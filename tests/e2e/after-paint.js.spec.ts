import { expect, test, type Page } from "./fixtures";
import { messages } from "../../app/domain/messages";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "../../app/lib/after-paint";
import { signIn } from "./dashboard/helpers";
import { viewports, waitForHydration } from "./support";

/**
 * The page's JavaScript waits for the first paint (app/lib/after-paint.ts): the server sends Remix's
 * module preloads and module script as inert markers, and the head's boot script brings them to life
 * once the first contentful paint is on screen.
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

for (const path of ["/", "/services", "/contact", "/case-studies"]) {
  test(`${path}: no script is requested before the first contentful paint, then the page hydrates`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<link rel="${HELD_PRELOAD_REL}"`);
    expect(html).toContain(`<script type="${HELD_MODULE_TYPE}"`);

    await page.goto(path);
    await waitForHydration(page.locator("main"));
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timings.paint).not.toBeNull();
    expect(timings.scripts.length).toBeGreaterThan(0);
    for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.paint!);
    // The boot script's live copy removed itself, so React hydrated exactly the server's markup.
    await expect(page.locator("#after-paint-boot")).toHaveCount(0);
  });
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
