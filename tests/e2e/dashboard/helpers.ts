import { expect, type BrowserContext, type Page } from "@playwright/test";
import { e2eAdmin } from "../../../playwright.config";

/** Signs the page's browser context in as the seeded admin (a form post, so no 2-second wait). */
export async function signIn(page: Page, credentials = e2eAdmin) {
  const response = await page.request.post("/login", { form: { email: credentials.email, password: credentials.password }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** A toast with JavaScript, or the status line in the page without it. */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true });
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A visitor (a page of its own, from its own address) sends `name`'s message through the public /contact
 * form, solving the captcha from the page, and sees it confirmed.
 */
export async function sendMessageAsVisitor(context: BrowserContext, name: string) {
  const address = `198.51.100.${Math.floor(Math.random() * 200)}`;
  const visitor = await context.browser()!.newPage({ extraHTTPHeaders: { "X-Forwarded-For": address } });
  await visitor.goto("/contact");
  const form = visitor.locator("main form").filter({ has: visitor.getByPlaceholder("Enter the sum") });
  await form.getByLabel(/name/i).fill(name);
  await form.getByLabel(/email/i).fill("visitor@example.com");
  await form.getByLabel(/message/i).fill(`Hello from ${name}`);
  const question = (await form.getByText(/\d+\s*\+\s*\d+/).first().textContent()) ?? "";
  const [a, b] = question.match(/\d+/g)!.map(Number);
  await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
  await form.getByRole("button", { name: /send/i }).click();
  await expect(visitor.getByText("Thanks! Your message has been sent.").filter({ visible: true }).first()).toBeVisible();
  await visitor.close();
}
