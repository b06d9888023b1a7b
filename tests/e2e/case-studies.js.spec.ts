import { documentHydrated, expect, test } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { expectNoAxeViolations, viewports } from "./support";

// With JavaScript: page changes are client-side (only the page's data is fetched) and show a spinner. axe needs
// JavaScript in the page, so the accessibility checks run here (the markup is the server's), once per screen: the
// list and the 404 of an unknown study on a phone; a study's page is checked in case-study-story.spec.ts.
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);

test.describe("on a phone", () => {
  test.use({ viewport: viewports.small });

  test("the list has no axe violations; a spinner shows while the next page loads client-side; back returns to the first page", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/case-studies");
    await expect(page.getByRole("article")).toHaveCount(4);
    await expectNoAxeViolations(page);
    await documentHydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await test.step("a spinner shows while the next page loads, client-side", async () => {
      // Hold the page's data request back so the pending state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const dataRequests: string[] = [];
      await page.route(
        (url) => url.pathname === "/case-studies.data",
        async (route) => {
          dataRequests.push(route.request().url());
          await held;
          await route.continue();
        },
      );

      const spinner = page.getByRole("status", { name: "Loading case studies" });
      await expect(spinner).toHaveCount(0);
      await page.getByRole("navigation", { name: "Case studies pages" }).getByRole("link", { name: "Page 2", exact: true }).click();
      await expect(spinner).toBeVisible();
      await expect(page.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(newestFirst[0]!.title);

      release();
      await expect(spinner).toHaveCount(0);
      await expect(page).toHaveURL(/\/case-studies\?page=2$/);
      await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(newestFirst.slice(4, 8).map((s) => s.title));
      // The same document: Remix fetched the page's data only.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(dataRequests).toHaveLength(1);
      expect(new URL(dataRequests[0]!).searchParams.get("page")).toBe("2");
      // The new page starts at its top.
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);
      await page.unroute((url) => url.pathname === "/case-studies.data");
    });

    await test.step("the browser's back button returns to the first page", async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/case-studies$/);
      await expect(page.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(newestFirst[0]!.title);
    });
  });
});
