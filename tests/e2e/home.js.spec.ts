import { expect, test, type Page } from "./fixtures";
import { testimonials } from "../../app/content/testimonials";
import { viewports } from "./support";

// The home page's rotations, with JavaScript, on Playwright's fake clock.

const STEP_MS = 3_000;
const TESTIMONIAL_MS = 5_000;
const stepTitles = ["Discovery", "Planning", "Design", "Development", "Testing", "Launch"];

function parts(page: Page) {
  const process = page.getByRole("region", { name: "A clear process from idea to launch" });
  const section = page.getByRole("region", { name: "What our clients say" });
  return {
    steps: process.getByRole("list"),
    activeStep: process.locator('[aria-current="step"]'),
    testimonials: section.locator("[data-rotation]"),
    featured: section.locator("figure[data-featured]"),
    visibleFigures: section.getByRole("figure"),
    heading: section.getByRole("heading", { name: "What our clients say" }),
    choose: (name: string) => section.getByRole("button", { name: `Show testimonial from ${name}` }),
  };
}

/**
 * Loads the home page on a fake clock that stands still (only `clock.runFor` moves it), and waits
 * until the page is interactive: the rotations start at a known instant.
 */
async function openOnFakeClock(page: Page, expectedStatus: "running" | "reduced" = "running") {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 5_000);
  await page.goto("/");
  const { steps, testimonials: rotating } = parts(page);
  await expect(steps).toHaveAttribute("data-rotation", expectedStatus);
  await expect(rotating).toHaveAttribute("data-rotation", expectedStatus);
}

/** Moves the pointer away from everything that rotates. */
async function pointerAway(page: Page) {
  await page.mouse.move(1, 1);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`home page rotations (${size} viewport)`, () => {
    test.use({ viewport });

    test("the active process step advances every 3 s and loops back to Discovery", async ({ page }) => {
      await openOnFakeClock(page);
      const { activeStep } = parts(page);
      await expect(activeStep).toContainText("Discovery");
      await page.clock.runFor(STEP_MS - 1);
      await expect(activeStep).toContainText("Discovery");
      await page.clock.runFor(1);
      await expect(activeStep).toContainText("Planning");
      for (const title of stepTitles.slice(2)) {
        await page.clock.runFor(STEP_MS);
        await expect(activeStep).toContainText(title);
        await expect(activeStep).toHaveCount(1);
      }
      await page.clock.runFor(STEP_MS);
      await expect(activeStep).toContainText("Discovery");
    });

    test("the process steps hold while hovered", async ({ page }) => {
      await openOnFakeClock(page);
      const { steps, activeStep } = parts(page);
      await steps.hover();
      await expect(steps).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(STEP_MS * 3);
      await expect(activeStep).toContainText("Discovery");
      await pointerAway(page);
      await expect(steps).toHaveAttribute("data-rotation", "running");
      await page.clock.runFor(STEP_MS);
      await expect(activeStep).toContainText("Planning");
    });

    test("the featured testimonial rotates every 5 s and loops", async ({ page }) => {
      await openOnFakeClock(page);
      const { featured, visibleFigures } = parts(page);
      await expect(featured).toHaveCount(1);
      await expect(visibleFigures).toHaveText([new RegExp(testimonials[0]!.name)]);
      await page.clock.runFor(TESTIMONIAL_MS - 1);
      await expect(featured).toContainText(testimonials[0]!.name);
      await page.clock.runFor(1);
      for (const [i, testimonial] of testimonials.entries()) {
        if (i === 0) continue;
        await expect(featured).toContainText(testimonial.name);
        await expect(featured).toContainText(testimonial.quote);
        await expect(featured.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
        await page.clock.runFor(TESTIMONIAL_MS);
      }
      await expect(featured).toContainText(testimonials[0]!.name);
      // Only the featured one stays visible (the previous one fades out).
      await expect(visibleFigures).toHaveText([new RegExp(testimonials[0]!.name)]);
    });

    test("an avatar button features its testimonial, and rotation holds while focus is inside", async ({ page }) => {
      await openOnFakeClock(page);
      const { featured, choose, testimonials: rotating, heading } = parts(page);
      await choose("Elena Rossi").click();
      await expect(featured).toContainText("Elena Rossi");
      await expect(choose("Elena Rossi")).toHaveAttribute("aria-pressed", "true");
      await expect(choose(testimonials[0]!.name)).toHaveAttribute("aria-pressed", "false");
      await pointerAway(page);
      // Focus stays on the button: still paused.
      await expect(rotating).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(TESTIMONIAL_MS * 3);
      await expect(featured).toContainText("Elena Rossi");
      // Focus leaves: rotation goes on from the chosen one.
      await heading.click();
      await pointerAway(page);
      await expect(rotating).toHaveAttribute("data-rotation", "running");
      await page.clock.runFor(TESTIMONIAL_MS);
      await expect(featured).toContainText("James Carter");
    });

    test("keyboard focus inside the testimonials holds the rotation", async ({ page }) => {
      await openOnFakeClock(page);
      const { featured, choose, testimonials: rotating } = parts(page);
      await choose("David Okafor").focus();
      await expect(rotating).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(TESTIMONIAL_MS * 2);
      await expect(featured).toContainText(testimonials[0]!.name);
      await page.keyboard.press("Enter");
      await expect(featured).toContainText("David Okafor");
    });

    test("the testimonials hold while hovered", async ({ page }) => {
      await openOnFakeClock(page);
      const { featured, testimonials: rotating } = parts(page);
      await featured.hover();
      await expect(rotating).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(TESTIMONIAL_MS * 2);
      await expect(featured).toContainText(testimonials[0]!.name);
      await pointerAway(page);
      await expect(rotating).toHaveAttribute("data-rotation", "running");
      await page.clock.runFor(TESTIMONIAL_MS);
      await expect(featured).toContainText(testimonials[1]!.name);
    });

    test("nothing rotates under prefers-reduced-motion", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openOnFakeClock(page, "reduced");
      const { activeStep, featured, choose } = parts(page);
      await page.clock.runFor(TESTIMONIAL_MS * 4);
      await expect(activeStep).toContainText("Discovery");
      await expect(featured).toContainText(testimonials[0]!.name);
      // The avatars still pick a testimonial.
      await choose("Priya Sharma").click();
      await expect(featured).toContainText("Priya Sharma");
    });
  });
}

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
