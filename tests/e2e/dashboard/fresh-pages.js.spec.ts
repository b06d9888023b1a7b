import { randomAddress } from "../../support/addresses";
import { documentHydrated, expect, test, type Page } from "../fixtures";
import { card, createThroughForm, idOf, LIST, removeCreated } from "./case-studies-support";
import { signIn, toast, unique } from "./helpers";

/**
 * Public pages and their `.data` are cacheable (app/server/http-cache.server.ts). Chromium serves a
 * fetch() from its cache while it revalidates when stale-while-revalidate allows it, so a visitor's
 * client-side navigation could show what the browser fetched before; this checks that it never does.
 */
const navigate = (page: Page, to: string) =>
  page.evaluate(
    (path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path),
    to,
  );

test("a visitor's client-side navigation shows a case study as it is now, not the copy fetched before", async ({ page, browser }) => {
  await signIn(page);
  const title = unique("Fresh Study");
  await createThroughForm(page, title);
  const id = await idOf(page, title);
  const address = (await card(page, title)
    .getByRole("link", { name: /^View / })
    .getAttribute("href"))!;

  const visitor = await browser.newPage({ extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
  await visitor.goto("/");
  await documentHydrated(visitor);
  const heading = visitor.getByRole("heading", { level: 1 });
  await navigate(visitor, address);
  await expect(heading).toHaveText(title);
  await navigate(visitor, "/about");
  await expect(visitor).toHaveURL(/\/about$/);

  const renamed = `${title} Renamed`;
  await page.goto(`/dashboard/case-studies/edit/${id}`);
  await page.getByLabel("Case Study Title").fill(renamed);
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, renamed)).toBeVisible();

  // The same client-side navigation as before: the page's data is asked for again, and the new title shows.
  await navigate(visitor, address);
  await expect(visitor).toHaveURL(new RegExp(`${address}$`));
  await expect(heading).toHaveText(renamed);
  await visitor.close();
  await removeCreated(page, renamed);
});
