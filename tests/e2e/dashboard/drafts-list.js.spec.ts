import type { APIRequestContext } from "@playwright/test";
import { e2eAdmin } from "../../../playwright.config";
import { randomAddress } from "../../support/addresses";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { card, LIST, pngFile, sample } from "./case-studies-support";
import { signIn, unique } from "./helpers";

/**
 * Drafts in the list and on the site (docs/behaviour.md#case-studies): a draft made through the JSON API shows in
 * the dashboard's list with its badge and under the Drafts filter, never on the public pages, and its own page is a
 * 404 to visitors while a signed-in admin sees it with the banner. Links and pages only, no form: checked with
 * JavaScript on only; the rules are proven by tests/integration/case-study-drafts.test.ts. The form: drafts.spec.ts.
 */

const BANNER = "Draft: only admins see this";

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/login", { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Creates a draft through the API (multipart, as the API's clients send it); its id. */
async function createDraft(request: APIRequestContext, token: string, title: string): Promise<string> {
  const typed = sample(title);
  const response = await request.post("/api/case-studies", {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    multipart: {
      title: typed.title,
      client: typed.client,
      industry: typed.industry,
      project_insight: typed.insight,
      technologies: typed.technologies,
      ...Object.fromEntries(
        typed.outcomes.flatMap(([label, value], index) => [
          [`outcomes[${index}][label]`, label],
          [`outcomes[${index}][value]`, value],
        ]),
      ),
      website_url: typed.website,
      status: "draft",
      // Featured first: a draft still never reaches the home page's latest work.
      featured: "true",
      featured_order: "1",
      image_alt: "A depot map on a wall screen",
      image: await pngFile(),
    },
  });
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { id: string; status: string; image_alt: string };
  expect(created).toMatchObject({ status: "draft", image_alt: "A depot map on a wall screen" });
  return created.id;
}

test("a draft: the dashboard shows and filters it, the public never sees it, an admin sees its page with the banner", async ({
  page,
  browser,
}) => {
  // Two browsers, the list, its filter, the page and the home page: more than the default time on a busy machine.
  test.slow();
  const title = unique("Draft study");
  const token = await apiToken(page.request);
  const id = await createDraft(page.request, token, title);
  try {
    await signIn(page);

    // The list: the Draft badge on the draft's card only.
    await page.goto(LIST);
    await expect(card(page, title).getByText("Draft", { exact: true })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Filter by status" });
    await expect(filters.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");

    // Drafts: the draft, and no published entry.
    await filters.getByRole("link", { name: /^Drafts/ }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}\\?status=draft$`));
    await expect(filters.getByRole("link", { name: /^Drafts/ })).toHaveAttribute("aria-current", "page");
    await expect(card(page, title)).toBeVisible();
    await expect(page.getByRole("heading", { name: "A mobile banking app for freelancers", exact: true })).toHaveCount(0);
    // Every card listed carries the badge.
    const cards = page.locator("main li:has(h3)");
    await expect(cards.locator('[data-status="draft"]')).toHaveCount(await cards.count());
    await expectNoAxeViolations(page);

    // Published: the demo entries, not the draft.
    await filters.getByRole("link", { name: /^Published/ }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}\\?status=published$`));
    await expect(page.getByRole("heading", { name: "A mobile banking app for freelancers", exact: true })).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);

    // The admin opens the draft's page (the card's View): the banner, and the written alt text.
    await page.goto(`/case-studies/${id}`);
    await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("img", { name: "A depot map on a wall screen", exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoAxeViolations(page);

    // A visitor (no session): the draft is nowhere, and its address is a 404. It is the newest entry and featured
    // first, so it would be first on the list and in the home page's latest work.
    const visitorContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
    const visitor = await visitorContext.newPage();
    try {
      const response = await visitor.goto(`/case-studies/${id}`);
      expect(response?.status()).toBe(404);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Case study not found");
      await expect(visitor.getByText(BANNER)).toHaveCount(0);
      await expect(visitor.getByText(title)).toHaveCount(0);

      await visitor.goto("/case-studies");
      await expect(visitor.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expect(visitor.getByText(title)).toHaveCount(0);

      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { name: "Latest work" })).toBeVisible();
      await expect(visitor.getByText(title)).toHaveCount(0);

      const sitemap = await visitor.request.get("/sitemap.xml");
      expect(await sitemap.text()).not.toContain(id);
      const publicApi = await visitor.request.get("/api/public/case-studies");
      expect(JSON.stringify(await publicApi.json())).not.toContain(id);
    } finally {
      await visitorContext.close();
    }
  } finally {
    const removed = await page.request.delete(`/api/case-studies/${id}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
    expect(removed.status()).toBe(200);
  }
});
