import type { Page } from "@playwright/test";
import { defaultSiteContent } from "../../../app/domain/content-defaults";
import { messages } from "../../../app/domain/messages";
import { randomAddress } from "../../support/addresses";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { signIn, toast, unique, withLock } from "./helpers";

/**
 * Preview (docs/behaviour.md#preview), with JavaScript on and off: a draft of the home page's headline, saved with
 * the Home page editor, shows to the admin who turned the preview on, with the banner, noindex and a private answer; a
 * visitor sees the published headline meanwhile; Exit preview brings the admin back to the published page.
 */

const BANNER = "Preview: unpublished drafts are shown. Only you see this.";
// The seeded home page: what visitors see before and after.
const published = defaultSiteContent().home;

async function saveHomeDraft(page: Page, headline: string) {
  await page.goto("/dashboard/content/home");
  await page.getByLabel("Hero headline").fill(headline);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, messages.contentDraftSaved)).toHaveCount(1);
}

async function discardHomeDraft(page: Page) {
  await page.goto("/dashboard/content/home");
  const discard = page.getByRole("button", { name: "Discard draft" });
  if (await discard.count()) {
    await discard.click();
    await expect(toast(page, messages.contentDraftDiscarded)).toHaveCount(1);
  }
}

test("an admin previews a draft headline with the banner; a visitor sees the published one; Exit preview ends it", async ({
  page,
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  test.slow();
  const draft = unique("A draft headline");
  await signIn(page);
  await withLock("content-home", baseURL!, async () => {
    await saveHomeDraft(page, draft);
    try {
      await page.setViewportSize(viewports.small);

      // Not in preview: the published headline, even for the admin.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(published.heroHeadline);
      await expect(page.getByText(BANNER)).toHaveCount(0);

      // Preview on (the editors' Preview button posts the same form), back to the home page.
      const on = await page.request.post("/dashboard/preview", { form: { intent: "on", redirectTo: "/" }, maxRedirects: 0 });
      expect(on.status()).toBe(302);
      const response = await page.goto("/");
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      expect(response?.headers()["etag"]).toBeUndefined();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(draft);
      await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.small.width);
      await page.setViewportSize(viewports.wide);
      await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
      // axe once, on the hydrated page: the banner is what preview adds to a page the public specs check.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // Another page keeps the preview and its banner.
      await page.goto("/about");
      await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();

      // A visitor meanwhile: the published headline, no banner, an answer a CDN may keep. The visitor sends Sec-GPC, so
      // no visit cookie makes the answer private (decision 0048).
      const visitorContext = await browser.newContext({
        javaScriptEnabled,
        extraHTTPHeaders: { "X-Forwarded-For": randomAddress(), "Sec-GPC": "1" },
      });
      try {
        const visitor = await visitorContext.newPage();
        const seen = await visitor.goto("/");
        expect(seen?.headers()["cache-control"]).toMatch(/^public/);
        await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(published.heroHeadline);
        await expect(visitor.getByText(BANNER)).toHaveCount(0);
        await expect(visitor.getByText(draft)).toHaveCount(0);
      } finally {
        await visitorContext.close();
      }

      // Exit preview: back on the same page, published content, no banner.
      await page.getByRole("button", { name: "Exit preview" }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByText(BANNER)).toHaveCount(0);
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(published.heroHeadline);
    } finally {
      await discardHomeDraft(page);
    }
  });
});
