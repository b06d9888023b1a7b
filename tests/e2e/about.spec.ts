import { expect, test } from "./fixtures";
import { about, achievements, approachPillars, team } from "../../app/content/about";
import { expectNoAxeViolations, viewports } from "./support";

/** The About page (docs/behaviour.md#about): mission, vision, approach, achievements, the team of 3 and 3 pillars. */

test.describe("the About page on a phone", () => {
  test.use({ viewport: viewports.small });

  test("shows the mission, vision, approach and achievements", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(about.title);
    await expect(page.getByRole("heading", { level: 2, name: "Our mission" })).toBeVisible();
    await expect(page.getByText(about.mission.text)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Our vision" })).toBeVisible();
    await expect(page.getByText(about.vision.text)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: about.approach.title })).toBeVisible();
    await expect(page.getByText(about.approach.text)).toBeVisible();

    const figures = page.getByRole("region", { name: "A decade of work that delivers" });
    await expect(figures.getByRole("term")).toHaveText(achievements.map((item) => item.label));
    for (const item of achievements) {
      await expect(figures.getByRole("definition").filter({ hasText: item.value }).first()).toBeVisible();
    }
    for (const label of ["Projects delivered", "Years in business", "Client satisfaction"]) {
      await expect(figures.getByRole("term").filter({ hasText: label })).toHaveCount(1);
    }
  });

  test("shows the three approach pillars", async ({ page }) => {
    await page.goto("/about");
    const approach = page.getByRole("region", { name: about.approach.title });
    const pillars = approach.getByRole("heading", { level: 3 });
    await expect(pillars).toHaveCount(3);
    await expect(pillars).toHaveText(approachPillars.map((pillar) => pillar.title));
    for (const pillar of approachPillars) await expect(approach.getByText(pillar.text)).toBeVisible();
  });

  test("shows the leadership team of three with portraits, expertise and profile links", async ({ page }) => {
    await page.goto("/about");
    const section = page.getByRole("region", { name: "Meet the leadership team" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(team.map((member) => member.name));

    for (const member of team) {
      const card = section.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: member.name }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText(member.role, { exact: true })).toBeVisible();
      for (const skill of member.expertise) await expect(card.getByRole("listitem").filter({ hasText: skill })).toBeVisible();

      // The portrait: a sized, lazily loaded WebP that actually loads.
      const portrait = card.locator("img");
      await expect(portrait).toHaveAttribute("width", "640");
      await expect(portrait).toHaveAttribute("height", "800");
      await expect(portrait).toHaveAttribute("loading", "lazy");
      await expect(portrait).toHaveAttribute("src", /\.webp$/);
      await portrait.scrollIntoViewIfNeeded();
      await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

      const profile = card.getByRole("link", { name: `${member.name} on LinkedIn`, exact: true });
      await expect(profile).toBeVisible();
      await expect(profile).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\/in\/[\w-]+$/);
      await expect(profile).toHaveAttribute("target", "_blank");
      await expect(profile).toHaveAttribute("rel", /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
      await expect(profile).toHaveAccessibleDescription("Opens in a new tab");
    }
  });

  test("ends with links to start a project and to the services", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("main").getByRole("link", { name: "Start a project" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("main").getByRole("link", { name: "Explore our services" })).toHaveAttribute("href", "/services");
  });
});

test("the About page has its title, description, canonical address and Open Graph image", async ({ page, baseURL }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About us | Northbeam Studio");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /leadership team/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/about`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/images/og-default.png`);
});

test("the default Open Graph image is a 1200×630 PNG under 60 KB", async ({ request }) => {
  const response = await request.get("/images/og-default.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const body = await response.body();
  expect(body.length).toBeLessThan(60 * 1024);
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  // The IHDR chunk holds the width and height right after the signature and chunk header.
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);
});

test("the team portraits are served as WebP at both sizes", async ({ request }) => {
  for (const member of team) {
    for (const width of [320, 640]) {
      const response = await request.get(`${member.image}-${width}.webp`);
      expect(response.status(), `${member.image}-${width}.webp`).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
    }
  }
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`accessibility (${label} screens)`, () => {
    test.use({ viewport });

    test("the About page has no axe violations", async ({ page }) => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
