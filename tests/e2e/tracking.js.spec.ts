import { expect, test } from "./fixtures";

// The tracking ids are empty by default (docs/behaviour.md#tracking), and then nothing third-party loads. With
// JavaScript on, the pages request all they would without it and what their scripts add: one project suffices.
test("public pages load nothing from another host", async ({ page, baseURL }) => {
  // Six pages, each until the network is idle.
  test.slow();
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
