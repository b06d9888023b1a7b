import { messages } from "../../../app/domain/messages";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, waitForHydration } from "../support";
import { signIn, toast, withLock } from "./helpers";

// One test, so the public site sees the changed settings and they are restored afterwards.
test("settings change the WhatsApp number (formatted) and contact email the public site shows", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  // Time to wait for the other project's run of this test, then this one's own steps.
  test.slow();
  await signIn(page);
  await withLock("settings", baseURL!, async () => {
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
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

      // The Services page's Get Started chat link uses the new number, digits only.
      await page.goto("/services");
      const getStarted = page.getByRole("link", { name: /^Get Started/ });
      await expect(getStarted.first()).toBeVisible();
      // With JavaScript the list rotates: every Get Started link in the page at one moment (two while one fades out).
      const hrefs = await getStarted.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      // Each leads through the site's counter, whose 302 goes to the chat with the new number.
      for (const href of hrefs) {
        const answer = await page.request.get(href!, { maxRedirects: 0 });
        expect(answer.status()).toBe(302);
        expect(answer.headers().location).toMatch(/^https:\/\/wa\.me\/13035550188\?text=./);
      }

      if (javaScriptEnabled) {
        // The contact modal, opened from the top bar's Contact button, shows the new number and email.
        const contact = page.getByRole("banner").getByRole("button", { name: "Contact", exact: true });
        await waitForHydration(contact);
        await contact.click();
        const modal = page.getByRole("dialog", { name: "Contact us" });
        await expect(modal).toBeVisible();
        await expect(page).toHaveURL(/\/services$/);
        const getInTouch = modal.getByRole("group", { name: "Get in Touch" });
        await expect(getInTouch.getByText("+1 (303) 555-0188", { exact: true })).toBeVisible();
        await expect(getInTouch.getByText("studio-team@example.com", { exact: true })).toBeVisible();
      }
    } finally {
      await page.goto("/dashboard/settings");
      await page.getByLabel("WhatsApp number").fill(original.number);
      await page.getByLabel("Contact email").fill(original.email);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
    }
  });
});

test("a bad email and a number no one could dial are refused; another country's number is saved in international form and published with its WhatsApp link", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow();
  await signIn(page);
  await withLock("settings", baseURL!, async () => {
    await page.goto("/dashboard/settings");
    const number = page.getByLabel("WhatsApp number");
    const original = await number.inputValue();

    try {
      if (!javaScriptEnabled) {
        // A bad contact email is refused and what was typed stays (with JavaScript the browser refuses it first:
        // settings.js.spec.ts).
        const email = page.getByLabel("Contact email");
        await email.fill("not-an-email");
        await page.getByRole("button", { name: "Save Settings" }).click();
        await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
        await expect(email).toHaveValue("not-an-email");
        await page.goto("/dashboard/settings");
      }

      await number.fill("12345");
      await page.getByRole("button", { name: "Save Settings" }).click();
      // The field's own message, once, under it.
      await expect(number).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(messages.whatsappNumberUndialable, { exact: true })).toHaveCount(1);
      // With JavaScript the spec's North American layout applies as it is typed.
      await expect(number).toHaveValue(javaScriptEnabled ? "+1 (234) 5" : "12345");
      await page.goto("/dashboard/settings");
      await expect(page.getByLabel("WhatsApp number")).toHaveValue(original);

      await page.getByLabel("WhatsApp number").fill("+44 20 7946 0018");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
      await expect(page.getByLabel("WhatsApp number")).toHaveValue("+44 20 7946 0018");

      await page.goto("/contact");
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "+44 20 7946 0018", exact: true })).toHaveAttribute("href", "tel:+442079460018");
      await expect(main.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", "https://wa.me/442079460018");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
        "href",
        "https://wa.me/442079460018",
      );
    } finally {
      await page.goto("/dashboard/settings");
      await page.getByLabel("WhatsApp number").fill(original);
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
    }
  });
});

test("extra addresses for new messages: a bad one is refused with nothing saved, good ones are saved and named in the inbox", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow();
  await signIn(page);
  await withLock("settings", baseURL!, async () => {
    await page.goto("/dashboard/settings");
    const extra = page.getByLabel("Also email new messages to");
    await expect(extra).toHaveValue("");
    await expect(extra).toHaveAccessibleDescription(
      /Every new message is emailed to the contact email and to these addresses.*at most 10\..*Email is off until SMTP_URL is set\./,
    );
    const contactEmail = await page.getByLabel("Contact email").inputValue();
    const number = page.getByLabel("WhatsApp number");
    const originalNumber = await number.inputValue();

    try {
      // One bad address: refused whole, the number typed beside it is not saved either, and everything stays typed.
      await number.fill("+1 (303) 555-0177");
      await extra.fill("Sales@Studio.example\nnot-an-address");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(extra).toHaveAttribute("aria-invalid", "true");
      await expect(extra).toHaveAccessibleDescription(/^"not-an-address" is not a valid email address/);
      await expect(extra).toHaveValue("Sales@Studio.example\nnot-an-address");
      await expect(number).toHaveValue("+1 (303) 555-0177");
      // axe once, on the hydrated screen with a refusal shown.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.goto("/dashboard/settings");
      await expect(page.getByLabel("WhatsApp number")).toHaveValue(originalNumber);
      await expect(extra).toHaveValue("");

      // Good ones: saved lowercase, each once, shown one per line.
      await extra.fill("Sales@Studio.example, ops@studio.example\nsales@studio.example");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
      await expect(page.getByLabel("Also email new messages to")).toHaveValue("sales@studio.example\nops@studio.example");

      // Mail is off on the test server: the inbox names everyone a new message would go to.
      await page.goto("/dashboard/messages");
      await expect(
        page.getByText(
          `Email notifications are off: set SMTP_URL to have new messages emailed to ${contactEmail}, sales@studio.example, ops@studio.example.`,
        ),
      ).toBeVisible();
    } finally {
      await page.goto("/dashboard/settings");
      await page.getByLabel("Also email new messages to").fill("");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toast(page, "Settings saved successfully")).toHaveCount(1);
      await expect(page.getByLabel("Also email new messages to")).toHaveValue("");
    }
  });
});
