import { expect, test, type Page } from "./fixtures";
import { services } from "../../app/content/services";
import { viewports } from "./support";

// The Services explorer's auto-rotation, with JavaScript, on Playwright's fake clock:
// 100 steps of 50 ms per service, a progress bar, pause/resume, and reset on choosing. The rotation is one
// component whatever the width (the layout is checked in services.spec.ts at both), so it runs on a wide screen,
// where a pointer can rest on the details.

const TICK_MS = 50;
const STEPS = 100;

function explorer(page: Page) {
  const list = page.getByRole("navigation", { name: "Services" });
  return {
    root: page.locator("main [data-rotation]"),
    list,
    link: (name: string) => list.getByRole("link", { name, exact: true }),
    current: list.locator('[aria-current="true"]'),
    shown: page.locator("main section[data-selected]").getByRole("heading", { level: 2 }),
    progress: page.getByRole("progressbar", { name: "Time until the next service" }),
    pause: page.getByRole("button", { name: "Pause", exact: true }),
    resume: page.getByRole("button", { name: "Resume", exact: true }),
    panel: page.locator("main section[data-selected]"),
  };
}

/**
 * Loads the page on a fake clock that stands still (only `clock.runFor` moves it), and waits until
 * the page is interactive: the rotation starts at a known instant.
 */
async function openOnFakeClock(page: Page, path = "/services", expectedStatus: "running" | "reduced" = "running") {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 5_000);
  await page.goto(path);
  await expect(explorer(page).root).toHaveAttribute("data-rotation", expectedStatus);
}

async function expectShown(page: Page, title: string) {
  const { shown, current } = explorer(page);
  await expect(shown).toHaveText(title);
  await expect(current).toHaveText(title);
}

test.describe("services rotation", () => {
  test.use({ viewport: viewports.wide });

  test("starts at 0 on load, advances one progress step every 50 ms, moves on after 100 steps, through all 7 and back to the first", async ({
    page,
  }) => {
    // Three journeys of the explorer in one page load.
    test.slow();
    await openOnFakeClock(page);
    const { progress } = explorer(page);
    await expect(progress).toHaveAttribute("aria-valuemin", "0");
    await expect(progress).toHaveAttribute("aria-valuemax", "100");
    await expect(progress).toHaveAttribute("aria-valuenow", "0");

    await test.step("the second service after 5 s", async () => {
      await page.clock.runFor(TICK_MS * STEPS - 1);
      await expect(progress).toHaveAttribute("aria-valuenow", "99");
      await expectShown(page, services[0]!.title);
      await page.clock.runFor(1);
      await expectShown(page, services[1]!.title);
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
    });

    await test.step("one step every 50 ms, the next service after 100", async () => {
      await page.clock.runFor(TICK_MS);
      await expect(progress).toHaveAttribute("aria-valuenow", "1");
      await page.clock.runFor(TICK_MS * 49);
      await expect(progress).toHaveAttribute("aria-valuenow", "50");
      await page.clock.runFor(TICK_MS * 49);
      await expect(progress).toHaveAttribute("aria-valuenow", "99");
      await expectShown(page, services[1]!.title);
      await page.clock.runFor(TICK_MS);
      await expectShown(page, services[2]!.title);
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
    });

    await test.step("through all 7 services and back to the first, the details keeping one height", async () => {
      // Only the selected service's details are in the page; the tallest, laid out unseen, holds the height.
      const details = explorer(page).root.locator(":scope > div").last();
      const height = (await details.boundingBox())!.height;
      for (const service of [...services.slice(3), services[0]!]) {
        await page.clock.runFor(TICK_MS * STEPS);
        await expectShown(page, service.title);
        await expect(page.locator("main section[id^='service-']")).toHaveCount(1);
        expect((await details.boundingBox())!.height).toBe(height);
      }
    });
  });

  test("choosing a service shows it in place and resets the progress; Pause and Resume; a pointer on the details holds it", async ({
    page,
  }) => {
    // Three journeys of the explorer in one page load.
    test.slow();
    await openOnFakeClock(page);
    const { link, progress, pause, resume, root, panel } = explorer(page);

    await test.step("choosing a service shows it in place and resets the progress", async () => {
      await link(services[0]!.title).click();
      await page.mouse.move(1, 1);
      await page.clock.runFor(TICK_MS * 40);
      await expect(progress).toHaveAttribute("aria-valuenow", "40");
      await link("Graphic Design").click();
      await page.mouse.move(1, 1);
      await expectShown(page, "Graphic Design");
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
      // Selected without a page navigation.
      await expect(page).toHaveURL(/\/services$/);
      await page.clock.runFor(TICK_MS * (STEPS - 1));
      await expectShown(page, "Graphic Design");
      await page.clock.runFor(TICK_MS);
      await expectShown(page, "UI/UX Design");
    });

    await test.step("the pause button stops the rotation and the resume button restarts it", async () => {
      await page.clock.runFor(TICK_MS * 30);
      await expect(progress).toHaveAttribute("aria-valuenow", "30");

      await pause.click();
      await expect(resume).toBeVisible();
      await expect(pause).toHaveCount(0);
      await expect(root).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(TICK_MS * STEPS * 3);
      await expect(progress).toHaveAttribute("aria-valuenow", "30");
      await expectShown(page, "UI/UX Design");

      // Choosing while paused resets the progress and stays paused.
      await link("Video Editing").click();
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
      await page.clock.runFor(TICK_MS * STEPS * 2);
      await expectShown(page, "Video Editing");

      await resume.click();
      await page.mouse.move(1, 1);
      await expect(pause).toBeVisible();
      await expect(root).toHaveAttribute("data-rotation", "running");
      await page.clock.runFor(TICK_MS * 10);
      await expect(progress).toHaveAttribute("aria-valuenow", "10");
      await page.clock.runFor(TICK_MS * (STEPS - 10));
      await expectShown(page, "Digital Marketing");
    });

    await test.step("the rotation holds while the pointer is over the details", async () => {
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
      await panel.hover();
      await expect(root).toHaveAttribute("data-rotation", "paused");
      await page.clock.runFor(TICK_MS * STEPS * 2);
      await expect(progress).toHaveAttribute("aria-valuenow", "0");
      await expectShown(page, "Digital Marketing");
      await page.mouse.move(1, 1);
      await expect(root).toHaveAttribute("data-rotation", "running");
      await page.clock.runFor(TICK_MS * STEPS);
      await expectShown(page, "Graphic Design");
    });
  });

  test("starts from the service in the URL", async ({ page }) => {
    await openOnFakeClock(page, "/services?service=ui-ux-design");
    const { link } = explorer(page);
    await expectShown(page, "UI/UX Design");
    await link("UI/UX Design").click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(TICK_MS * STEPS);
    await expectShown(page, services[0]!.title);
  });

  test("nothing rotates under prefers-reduced-motion, and the rotation controls are hidden", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openOnFakeClock(page, "/services", "reduced");
    const { link, progress, pause } = explorer(page);
    await page.clock.runFor(TICK_MS * STEPS * 3);
    await expectShown(page, services[0]!.title);
    await expect(progress).toBeHidden();
    await expect(pause).toBeHidden();
    // The list still works.
    await link("Digital Marketing").click();
    await expectShown(page, "Digital Marketing");
    await page.clock.runFor(TICK_MS * STEPS * 2);
    await expectShown(page, "Digital Marketing");
  });
});
