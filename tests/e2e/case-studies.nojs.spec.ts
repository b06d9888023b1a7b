import { expect, test } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { viewports } from "./support";

// Without JavaScript the pages are plain server-rendered documents and the page buttons plain links.
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);

for (const [name, viewport] of Object.entries(viewports)) {
  test(`page 2 loads as a new document from the server (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/case-studies");
    const pageTwo = page.getByRole("navigation", { name: "Case studies pages" }).getByRole("link", { name: "Page 2", exact: true });
    await expect(pageTwo).toHaveAttribute("href", "/case-studies?page=2");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/case-studies" && r.request().isNavigationRequest()),
      pageTwo.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).search).toBe("?page=2");
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(newestFirst.slice(4, 8).map((s) => s.title));
    // No spinner without JavaScript: nothing is pending in the page.
    await expect(page.getByRole("status", { name: "Loading case studies" })).toHaveCount(0);
  });
}

test("the server answers an out-of-range page with a redirect to the last page", async ({ request }) => {
  const response = await request.get("/case-studies?page=99", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/case-studies?page=2");
});
