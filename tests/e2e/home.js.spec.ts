import { expect, test, type Page } from "./fixtures";
import { processSteps } from "../../app/content/process";
import { services, teaserServiceSlugs } from "../../app/content/services";
import { site } from "../../app/content/site";
import { testimonials } from "../../app/content/testimonials";
import { expectNoAxeViolations, viewports } from "./support";

// The home page with JavaScript: a visitor's look through it on a phone, and its rotations on Playwright's fake
// clock. Hero, teaser and steps are the same markup without JavaScript, so they are read here once; what differs
// without it (every testimonial shown, nothing moving) is home.nojs.spec.ts. Texts, order and metadata are
// tests/unit/content.test.tsx and tests/unit/seo.test.tsx.

const STEP_MS = 3_000;
const TESTIMONIAL_MS = 5_000;

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

function parts(page: Page) {
  const process = region(page, "A clear process from idea to launch");
  const section = region(page, "What our clients say");
  return {
    steps: process.getByRole("list"),
    activeStep: process.locator('[aria-current="step"]'),
    testimonials: section.locator("[data-rotation]"),
    featured: section.locator("figure[data-featured]"),
    figures: section.getByRole("figure"),
    heading: section.getByRole("heading", { name: "What our clients say" }),
    choose: (name: string) => section.getByRole("button", { name: `Show testimonial from ${name}` }),
  };
}

/** Loads the home page on a fake clock that moves only with `clock.runFor`, once the rotations have started. */
async function openOnFakeClock(page: Page, expectedStatus: "running" | "reduced" = "running") {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 5_000);
  await page.goto("/");
  const { steps, testimonials: rotating } = parts(page);
  await expect(steps).toHaveAttribute("data-rotation", expectedStatus);
  await expect(rotating).toHaveAttribute("data-rotation", expectedStatus);
}

const pointerAway = (page: Page) => page.mouse.move(1, 1);

test.describe("on a phone", () => {
  test.use({ viewport: viewports.small });

  test("a visitor reads the home page and follows a service card", async ({ page }) => {
    // One journey in place of ten short tests.
    test.slow();
    await openOnFakeClock(page);

    await test.step("the first screen holds a link to a case study, before any scrolling", async () => {
      await expect(region(page, "Latest work").locator('a[href^="/case-studies/"]').first()).toBeInViewport();
    });

    await test.step("the hero: headline, a start-project link, our services and the social links", async () => {
      const hero = region(page, "We design, build and grow digital products.");
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText("We design, build and grow digital products.");
      await expect(hero.getByRole("link", { name: "Start a project" })).toHaveAttribute("href", "/contact");
      await expect(hero.getByRole("link", { name: "Our services" })).toHaveAttribute("href", "/services");
      const social = hero.getByRole("list").filter({ has: page.getByRole("link", { name: "LinkedIn" }) });
      for (const name of ["LinkedIn", "Facebook", "Instagram", "WhatsApp", "Email"])
        await expect(social.getByRole("link", { name })).toBeVisible();
      await expect(social.getByRole("link")).toHaveCount(5);
      // The default brand's typeface: a self-hosted web font, whose file loads.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Variable Fallback"/);
      expect(await page.evaluate(async () => (await document.fonts.load('700 16px "Inter Variable"')).length)).toBe(1);
    });

    await test.step("the tagline band: each phrase once in the page, moving", async () => {
      const band = region(page, "What we deliver");
      await expect(band.getByRole("listitem")).toHaveCount(6);
      await expect(band.getByText("Websites that convert")).toBeVisible();
      await expect(band.locator("[data-marquee]")).toHaveCSS("animation-name", "nb-marquee");
      await expect(band.locator("[data-marquee]")).toHaveCSS("animation-iteration-count", "infinite");
      // The loop's second half is the same phrases drawn by CSS: exactly as wide as the list, so it joins seamlessly.
      const widths = await band.locator("[data-marquee]").evaluate((track) => ({
        track: track.getBoundingClientRect().width,
        list: track.querySelector("ul")!.getBoundingClientRect().width,
      }));
      expect(Math.abs(widths.track - 2 * widths.list)).toBeLessThan(1);
    });

    await test.step("the services teaser: 4 cards linking to their service", async () => {
      const teaser = region(page, "Services built around your goals");
      const cards = teaser.getByRole("listitem");
      await expect(cards).toHaveCount(4);
      for (const slug of teaserServiceSlugs) {
        const service = services.find((candidate) => candidate.slug === slug)!;
        await expect(cards.getByRole("link", { name: service.title })).toHaveAttribute("href", `/services?service=${slug}`);
        await expect(teaser.getByText(service.shortDescription)).toBeVisible();
      }
    });

    await test.step("the 6 process steps, Discovery active", async () => {
      const process = region(page, "A clear process from idea to launch");
      for (const step of processSteps) await expect(process.getByText(step.description)).toBeVisible();
      await expect(parts(page).activeStep).toHaveCount(1);
      await expect(parts(page).activeStep).toContainText("Discovery");
    });

    await test.step("one testimonial in the page, the first, with a button for each of the 5", async () => {
      const { figures, featured, choose } = parts(page);
      await expect(figures).toHaveCount(1);
      await expect(featured).toContainText(testimonials[0]!.quote);
      await expect(featured).toContainText(`${testimonials[0]!.role}, ${testimonials[0]!.company}`);
      await expect(featured.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
      for (const testimonial of testimonials) await expect(choose(testimonial.name)).toBeVisible();
      for (const testimonial of testimonials) {
        const response = await page.request.get(testimonial.avatar);
        expect(response.status(), testimonial.avatar).toBe(200);
        expect(response.headers()["content-type"]).toBe("image/webp");
      }
    });

    await test.step("images have a size; the work's first two load at once, the rest lazily", async () => {
      const images = page.locator("main img");
      expect(await images.count()).toBeGreaterThan(0);
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
      }
      await expect(page.locator("main section[aria-labelledby='testimonials-title'] img:not([loading='lazy'])")).toHaveCount(0);
      const work = page.locator("main section[aria-labelledby='latest-work-title'] img");
      expect(await work.evaluateAll((images) => images.map((image) => image.getAttribute("loading")))).toEqual(["eager", "eager", "lazy"]);
    });

    await test.step("a service card opens that service", async () => {
      const service = services.find((candidate) => candidate.slug === teaserServiceSlugs[1])!;
      await region(page, "Services built around your goals").getByRole("link", { name: service.title }).click();
      await expect(page).toHaveURL(new RegExp(`/services\\?service=${service.slug}$`));
      await expect(page.getByRole("heading", { level: 2, name: service.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(site.name));
    });
  });

  // On the real clock: axe waits on timers, which a paused fake clock never fires.
  test("has no axe violations", async ({ page }) => {
    test.slow();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("under prefers-reduced-motion nothing moves: the band stands still and wraps, the avatars still choose", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openOnFakeClock(page, "reduced");
    const band = region(page, "What we deliver");
    await expect(band.locator("[data-marquee]")).toHaveCSS("animation-name", "none");
    for (const tagline of ["Software that scales", "Marketing that measures up"]) {
      const box = await band.getByText(tagline).boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewports.small.width);
    }
    const { activeStep, featured, choose } = parts(page);
    await page.clock.runFor(TESTIMONIAL_MS * 4);
    await expect(activeStep).toContainText("Discovery");
    await expect(featured).toContainText(testimonials[0]!.name);
    await choose("Priya Sharma").click();
    await expect(featured).toContainText("Priya Sharma");
  });
});

test("the process steps advance every 3 s, loop, and hold while hovered", async ({ page }) => {
  await openOnFakeClock(page);
  const { steps, activeStep } = parts(page);
  await test.step("every 3 s, back to Discovery after Launch", async () => {
    await page.clock.runFor(STEP_MS - 1);
    await expect(activeStep).toContainText("Discovery");
    await page.clock.runFor(1);
    await expect(activeStep).toContainText("Planning");
    for (const step of processSteps.slice(2)) {
      await page.clock.runFor(STEP_MS);
      await expect(activeStep).toContainText(step.title);
      await expect(activeStep).toHaveCount(1);
    }
    await page.clock.runFor(STEP_MS);
    await expect(activeStep).toContainText("Discovery");
  });
  await test.step("a mouse over the steps holds them", async () => {
    await steps.hover();
    await expect(steps).toHaveAttribute("data-rotation", "paused");
    await page.clock.runFor(STEP_MS * 3);
    await expect(activeStep).toContainText("Discovery");
    await pointerAway(page);
    await expect(steps).toHaveAttribute("data-rotation", "running");
    await page.clock.runFor(STEP_MS);
    await expect(activeStep).toContainText("Planning");
  });
});

test("the featured testimonial changes every 5 s and loops; hover, a chosen avatar and keyboard focus hold it", async ({ page }) => {
  test.slow();
  await openOnFakeClock(page);
  const { featured, figures, choose, testimonials: rotating, heading } = parts(page);
  await test.step("every 5 s, one at a time, back to the first after the last", async () => {
    await page.clock.runFor(TESTIMONIAL_MS - 1);
    await expect(featured).toContainText(testimonials[0]!.name);
    await page.clock.runFor(1);
    for (const testimonial of testimonials.slice(1)) {
      await expect(featured).toContainText(testimonial.name);
      await expect(featured).toContainText(testimonial.quote);
      await expect(featured.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
      await expect(figures).toHaveCount(1);
      await page.clock.runFor(TESTIMONIAL_MS);
    }
    await expect(featured).toContainText(testimonials[0]!.name);
  });
  await test.step("a mouse over the testimonial holds it", async () => {
    await featured.hover();
    await expect(rotating).toHaveAttribute("data-rotation", "paused");
    await page.clock.runFor(TESTIMONIAL_MS * 2);
    await expect(featured).toContainText(testimonials[0]!.name);
    await pointerAway(page);
    await expect(rotating).toHaveAttribute("data-rotation", "running");
    await page.clock.runFor(TESTIMONIAL_MS);
    await expect(featured).toContainText(testimonials[1]!.name);
  });
  await test.step("an avatar button features its testimonial; focus on it holds the rotation, which goes on from there", async () => {
    await choose("Elena Rossi").click();
    await expect(featured).toContainText("Elena Rossi");
    await expect(choose("Elena Rossi")).toHaveAttribute("aria-pressed", "true");
    await expect(choose(testimonials[0]!.name)).toHaveAttribute("aria-pressed", "false");
    await pointerAway(page);
    await expect(rotating).toHaveAttribute("data-rotation", "paused");
    await page.clock.runFor(TESTIMONIAL_MS * 3);
    await expect(featured).toContainText("Elena Rossi");
    await heading.click();
    await pointerAway(page);
    await expect(rotating).toHaveAttribute("data-rotation", "running");
    await page.clock.runFor(TESTIMONIAL_MS);
    await expect(featured).toContainText("James Carter");
  });
  await test.step("keyboard focus inside holds it, and Enter on an avatar chooses", async () => {
    await choose("David Okafor").focus();
    await expect(rotating).toHaveAttribute("data-rotation", "paused");
    await page.clock.runFor(TESTIMONIAL_MS * 2);
    await expect(featured).toContainText("James Carter");
    await page.keyboard.press("Enter");
    await expect(featured).toContainText("David Okafor");
  });
});

test("the process step numbers keep a contrast of at least 4.5 in every frame while the active step changes", async ({ page }) => {
  await page.goto("/");
  await expect(parts(page).steps).toHaveAttribute("data-rotation", "running");
  // Sampled on every animation frame through one step change (3 s) and a little more.
  const lowest = await page.evaluate(async (ms) => {
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const badges = [...document.querySelectorAll<HTMLElement>('[aria-labelledby="process-title"] ol > li')].map((item) =>
      item.querySelector<HTMLElement>('span[aria-hidden="true"]')!,
    );
    if (badges.length !== 6) throw new Error(`${badges.length} step badges`);
    let lowest = Infinity;
    const started = performance.now();
    while (performance.now() - started < ms) {
      for (const badge of badges) {
        const style = getComputedStyle(badge);
        const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
        lowest = Math.min(lowest, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
      }
      await new Promise(requestAnimationFrame);
    }
    return lowest;
  }, STEP_MS + 700);
  expect(lowest).toBeGreaterThanOrEqual(4.5);
});
