import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";
import { randomAddress } from "../support/addresses";

/**
 * /contact with JavaScript on and off (docs/behaviour.md#contact, #contact-form, #captcha): the page has
 * the "Get in Touch" details and the contact form with its documented fields and captcha rules. The form differs
 * with JavaScript ("New question"), so both projects run axe, once, at the phone's width; its cache headers are
 * proven in tests/integration/http-cache.test.ts.
 */

const getInTouch = (page: Page) => page.getByRole("region", { name: "Get in Touch" });
const form = (page: Page) => page.getByRole("region", { name: "Send us a Message" });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
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

/** The heading, the intro and the Get in Touch details, whatever the screen. */
async function expectContactPage(page: Page) {
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
}

test.describe("small screens (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("/contact has a heading, an intro, the Get in Touch details and the form, the whole captcha placeholder, no axe violations", async ({
    page,
  }) => {
    test.slow();
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expectContactPage(page);
    const answer = page.getByRole("main").getByPlaceholder("Enter the sum");
    await expect(answer).toBeVisible();
    expect(await placeholderOverflow(answer)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("wide screens (1280×800)", () => {
  test.use({ viewport: viewports.wide });

  test("/contact has the details, the documented fields (name, email, message of 3 rows, the captcha), a hidden honeypot, its title, description and canonical URL", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/contact");
    await expectContactPage(page);

    await test.step("the form's fields", async () => {
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

    await test.step("its own title, description and canonical URL", async () => {
      await expect(page).toHaveTitle("Contact | Northbeam Studio");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Get in touch with Northbeam Studio/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/contact`);
    });
  });
});
