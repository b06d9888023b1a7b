import type { APIRequestContext } from "@playwright/test";
import { e2eAdmin } from "../../../playwright.config";
import { randomAddress } from "../../support/addresses";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { card, fillForm, idOf, LIST, pngFile, removeCreated, sample, UPLOAD } from "./case-studies-support";
import { signIn, toast, unique } from "./helpers";

/**
 * Drafts (docs/behaviour.md#case-studies), with JavaScript on and off: a draft made through the JSON API shows
 * in the dashboard's list with its badge and under the Drafts filter, never on the public pages, and its own
 * page is a 404 to visitors while a signed-in admin sees it with the banner; and the case study form's Status
 * and Image alt text fields, from a draft to its publication. axe runs once per screen, on the hydrated page.
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
  javaScriptEnabled,
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
    if (javaScriptEnabled) await expectNoAxeViolations(page);

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
    if (javaScriptEnabled) await expectNoAxeViolations(page);

    // A visitor (no session): the draft is nowhere, and its address is a 404. It is the newest entry and featured
    // first, so it would be first on the list and in the home page's latest work.
    const visitorContext = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
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

test("the form saves a draft with its alt text, keeps both through a refusal, and publishes it", async ({ page, javaScriptEnabled }) => {
  // Two refusals, two saves and three pages.
  test.slow();
  const title = unique("Form draft");
  const alt = "A depot map on a wall screen";
  await signIn(page);
  try {
    await page.goto(UPLOAD);
    const published = page.getByRole("radio", { name: "Published", exact: true });
    const draft = page.getByRole("radio", { name: "Draft", exact: true });
    await expect(published).toBeChecked();
    await expect(draft).toHaveAccessibleDescription("Only admins see it: in the dashboard, and on its own page when signed in.");
    await expect(page.getByLabel("Image alt text")).toHaveAttribute("maxlength", "200");

    // Refused (no title): the choice and the alt text stay.
    await fillForm(page, { ...sample(title), title: "" });
    await draft.check();
    await page.getByLabel("Image alt text").fill(alt);
    await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(page.getByLabel("Case Study Title")).toHaveAccessibleDescription("Please fill in the title");
    await expect(draft).toBeChecked();
    await expect(published).not.toBeChecked();
    await expect(page.getByLabel("Image alt text")).toHaveValue(alt);
    if (javaScriptEnabled) await expectNoAxeViolations(page);

    // Saved as a draft with a publish time: the list's badge and time, and its page for the admin with the banner and the alt text.
    await page.getByLabel("Case Study Title").fill(title);
    await page.getByLabel("Publish at (UTC)", { exact: true }).fill("2031-12-01T09:00");
    await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
    await page.getByRole("button", { name: "Create Case Study" }).click();
    await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    await expect(card(page, title).getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(card(page, title).getByText("Scheduled: goes live 1 Dec 2031, 09:00 UTC")).toBeVisible();
    const id = await idOf(page, title);
    // The edit screen's View page: the page as saved, opened in a new tab.
    await page.goto(`/dashboard/case-studies/edit/${id}`);
    const view = page.getByRole("link", { name: "View page (opens in a new tab)" });
    await expect(view).toHaveAttribute("target", "_blank");
    await page.goto((await view.getAttribute("href"))!);
    // At its slug, made from the title.
    await expect(page).toHaveURL(new RegExp(`/case-studies/${title.toLowerCase().replaceAll(" ", "-")}$`));
    await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();
    await expect(page.getByRole("img", { name: alt, exact: true })).toBeVisible();

    // Edited: the form shows the draft, its schedule and its alt text; publishing now asks to clear the publish time first.
    await page.goto(`/dashboard/case-studies/edit/${id}`);
    await expect(draft).toBeChecked();
    await expect(page.getByLabel("Image alt text")).toHaveValue(alt);
    await expect(page.getByLabel("Publish at (UTC)", { exact: true })).toHaveValue("2031-12-01T09:00");
    await published.check();
    await page.getByLabel("Image alt text").fill("");
    await page.getByRole("button", { name: "Update Case Study" }).click();
    await expect(page.getByLabel("Publish at (UTC)", { exact: true })).toHaveAccessibleDescription(
      /A publish time is for a draft: clear it to publish now/,
    );
    await expect(published).toBeChecked();
    await page.getByLabel("Publish at (UTC)", { exact: true }).fill("");
    await page.getByRole("button", { name: "Update Case Study" }).click();
    await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title).getByText("Draft", { exact: true })).toHaveCount(0);

    // Public now: no banner, and the image is named by the title.
    await page.goto(`/case-studies/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(BANNER)).toHaveCount(0);
    await expect(page.getByRole("img", { name: title, exact: true })).toBeVisible();
  } finally {
    await removeCreated(page, title);
  }
});
