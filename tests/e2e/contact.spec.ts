import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";
import { randomAddress } from "../support/addresses";

/**
 * /contact with JavaScript on and off (docs/behaviour.md#contact, #contact-form, #captcha): the page has
 * the "Get in Touch" details and the contact form with its documented fields and captcha rules.
 */

const getInTouch = (page: Page) => page.getByRole("region", { name: "Get in Touch" });
const form = (page: Page) => page.getByRole("region", { name: "Send us a Message" });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
});

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`${size} screens (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test("/contact has a heading, an intro, the Get in Touch details and the form, with no axe violations", async ({ page }) => {
      test.slow();
      const response = await page.goto("/contact");
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's build something together");
      await expect(page.getByText("We read every message and reply within one business day.")).toBeVisible();

      const details = getInTouch(page);
      await expect(details.getByRole("heading", { name: "Get in Touch" })).toBeVisible();
      for (const name of ["LinkedIn", "Facebook", "Instagram", "WhatsApp", "Email"]) {
        await expect(details.getByRole("link", { name, exact: true })).toBeVisible();
      }
      // The email address and the phone/WhatsApp number come from the shared settings.
      const email = details.getByRole("link", { name: /@/ });
      await expect(email).toHaveAttribute("href", `mailto:${await email.textContent()}`);
      const phone = details.getByRole("link", { name: /^\+1 \(\d{3}\) \d{3}-\d{4}$/ });
      await expect(phone).toBeVisible();
      const digits = (await phone.textContent())!.replace(/\D/g, "");
      await expect(phone).toHaveAttribute("href", `tel:+${digits}`);
      await expect(details.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", `https://wa.me/${digits}`);

      await expect(form(page).getByRole("heading", { name: "Send us a Message" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test("the form has the documented fields: name, email (email type), message (3 rows) and the captcha", async ({ page }) => {
  await page.goto("/contact");
  const scope = form(page);
  await expect(scope.getByLabel("Name")).toHaveAttribute("required", "");
  await expect(scope.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(scope.getByLabel("Email")).toHaveAttribute("required", "");
  const message = scope.getByLabel("Message");
  expect(await message.evaluate((node) => node.tagName)).toBe("TEXTAREA");
  await expect(message).toHaveAttribute("rows", "3");
  await expect(message).toHaveAttribute("required", "");

  const answer = scope.getByLabel(/^What is \d+ \+ \d+\?$/);
  await expect(answer).toHaveAttribute("placeholder", "Enter the sum");
  await expect(answer).toHaveAttribute("inputmode", "numeric");
  await expect(answer).toHaveAttribute("pattern", "[0-9]*");
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec((await scope.getByText(/^What is \d+ \+ \d+\?$/).textContent())!)!;
  for (const operand of [Number(a), Number(b)]) {
    expect(operand).toBeGreaterThanOrEqual(1);
    expect(operand).toBeLessThanOrEqual(10);
  }
  await expect(scope.getByRole("button", { name: "Send Message" })).toBeEnabled();

  // The honeypot is out of sight, out of the tab order and hidden from assistive technology.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  expect(await honeypot.evaluate((node) => node.closest('[aria-hidden="true"]') !== null)).toBe(true);
  expect(await honeypot.evaluate((node) => node.getBoundingClientRect().right <= 0)).toBe(true);
});

test("/contact has its own title, description and canonical URL", async ({ page, baseURL }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact | Northbeam Studio");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Get in touch with Northbeam Studio/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/contact`);
});

/** How much wider the placeholder is than the room inside its field (<= 0: it fits), measured in the field's font. */
const placeholderOverflow = (input: Locator) =>
  input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width - room;
  });

test.describe("the captcha on a phone (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("the answer field shows its whole placeholder", async ({ page }) => {
    await page.goto("/contact");
    const answer = page.getByRole("main").getByPlaceholder("Enter the sum");
    await expect(answer).toBeVisible();
    expect(await placeholderOverflow(answer)).toBeLessThanOrEqual(0);
  });
});
