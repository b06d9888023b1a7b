import { expect, test } from "./fixtures";
import { about, achievements, approachPillars, team } from "../../app/content/about";
import { expectNoAxeViolations, viewports } from "./support";

/**
 * The About page's server markup, which no script changes (only the frame's Contact link does, checked with
 * axe on the pages whose specs run with JavaScript on and off): content, files and axe, once, without JavaScript.
 */

test.describe("the About page on a phone", () => {
  test.use({ viewport: viewports.small });

  test("shows the mission, vision, approach and its pillars, achievements, the closing links, its metadata, and has no axe violations", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);

    await test.step("the mission, vision, approach and achievements", async () => {
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

    await test.step("the three approach pillars", async () => {
      const approach = page.getByRole("region", { name: about.approach.title });
      const pillars = approach.getByRole("heading", { level: 3 });
      await expect(pillars).toHaveCount(3);
      await expect(pillars).toHaveText(approachPillars.map((pillar) => pillar.title));
      for (const pillar of approachPillars) await expect(approach.getByText(pillar.text)).toBeVisible();
    });

    await test.step("ends with links to start a project and to the services", async () => {
      await expect(page.getByRole("main").getByRole("link", { name: "Start a project" })).toHaveAttribute("href", "/contact");
      await expect(page.getByRole("main").getByRole("link", { name: "Explore our services" })).toHaveAttribute("href", "/services");
    });

    await test.step("its title, description, canonical address and Open Graph image", async () => {
      await expect(page).toHaveTitle("About us | Northbeam Studio");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /leadership team/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/about`);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/about`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/social-image.png`);
    });

    await test.step("no axe violations", async () => {
      await expectNoAxeViolations(page);
    });
  });
});

test("the default Open Graph image, drawn from the brand, is a 1200×630 PNG under 60 KB; the team portraits are served as WebP at both sizes", async ({
  request,
}) => {
  const response = await request.get("/social-image.png");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const body = await response.body();
  expect(body.length).toBeLessThan(60 * 1024);
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  // The IHDR chunk holds the width and height right after the signature and chunk header.
  expect(body.readUInt32BE(16)).toBe(1200);
  expect(body.readUInt32BE(20)).toBe(630);

  for (const member of team) {
    for (const width of [320, 640]) {
      const portrait = await request.get(`${member.image}-${width}.webp`);
      expect(portrait.status(), `${member.image}-${width}.webp`).toBe(200);
      expect(portrait.headers()["content-type"]).toBe("image/webp");
    }
  }
});
