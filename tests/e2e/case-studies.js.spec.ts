import { documentHydrated, expect, test } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { expectNoAxeViolations, viewports } from "./support";

// With JavaScript: page changes are client-side (only the page's data is fetched) and show a spinner.
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);

for (const [name, viewport] of Object.entries(viewports)) {
  test(`a spinner shows while the next page loads, client-side (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/case-studies");
    await documentHydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

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
  });
}

test("the browser's back button returns to the first page", async ({ page }) => {
  await page.goto("/case-studies");
  await documentHydrated(page);
  await page.getByRole("navigation", { name: "Case studies pages" }).getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(newestFirst[4]!.title);
  await page.goBack();
  await expect(page).toHaveURL(/\/case-studies$/);
  await expect(page.getByRole("article").first().getByRole("heading", { level: 2 })).toHaveText(newestFirst[0]!.title);
});

// axe needs JavaScript in the page, so the accessibility checks run here (the markup is the server's).
for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`accessibility (${name} screens)`, () => {
    test.use({ viewport });
    // An axe run takes several seconds on a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const path of ["/case-studies", "/case-studies?page=2"]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("article")).toHaveCount(4);
        await expectNoAxeViolations(page);
      });
    }

    for (const [label, study] of [
      ["with a website", newestFirst.find((candidate) => candidate.website_url)!],
      ["without a website", newestFirst.find((candidate) => !candidate.website_url)!],
    ] as const) {
      test(`a case study page ${label} has no axe violations`, async ({ page }) => {
        await page.goto("/case-studies");
        await page
          .getByRole("article")
          .filter({ has: page.getByRole("heading", { name: study.title }) })
          .getByRole("link", { name: /^Read case study/ })
          .click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
        await expectNoAxeViolations(page);
      });
    }

    test("the 404 page of an unknown case study has no axe violations", async ({ page }) => {
      await page.goto("/case-studies/0123456789abcdef01234567");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case study not found");
      await expectNoAxeViolations(page);
    });
  });
}
