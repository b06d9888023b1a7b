import { expect, test } from "./fixtures";

// The tracking ids are empty by default (docs/behaviour.md#tracking), and then nothing third-party loads.
test("public pages load nothing from another host", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:")) foreign.push(url);
  });
  for (const path of ["/", "/services", "/about", "/case-studies", "/contact", "/privacy"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
  expect(await page.locator("script[src*='googletagmanager'], script[src*='clarity']").count()).toBe(0);
});
