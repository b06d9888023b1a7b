import { expect, type Page } from "@playwright/test";
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
