import { expect, test, type Page } from "./fixtures";
import { services } from "../../app/content/services";
import { viewports } from "./support";

// Without JavaScript the list is plain links and nothing rotates, so no rotation controls show. Each service's
// details are the same markup with JavaScript on (the explorer only changes which one is selected), so they are
// checked here once.

const serviceList = (page: Page) => page.getByRole("navigation", { name: "Services" });

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`services page without JavaScript (${size} viewport)`, () => {
    test.use({ viewport });

    test("a list link loads the page with that service, and no rotation controls show", async ({ page }) => {
      await page.goto("/services");
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Pause|Resume/ })).toHaveCount(0);
      await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Application Development" }).click();
      await expect(page).toHaveURL(/\/services\?service=application-development$/);
      await expect(page.locator("main section[data-selected]").getByRole("heading", { level: 2 })).toHaveText("Application Development");
      // Only the chosen service's details are on screen, fully opaque.
      await expect(page.locator("main section[data-selected]")).toHaveCSS("opacity", "1");
      await expect(page.getByRole("link", { name: /^Get Started/ })).toHaveCount(1);
    });

    for (const service of services) {
      test(`?service=${service.slug} shows ${service.title}: descriptions, key benefits, technologies${service.industries ? ", industry focus" : ""}${service.keywords ? ", keywords in its meta only" : ""}`, async ({
        page,
      }) => {
        await page.goto(`/services?service=${service.slug}`);
        const panel = page.getByRole("region", { name: service.title, exact: true });
        await expect(panel.getByRole("heading", { level: 2 })).toHaveText(service.title);
        await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText(service.title);
        await expect(panel.getByText(service.shortDescription)).toBeVisible();
        await expect(panel.getByText(service.description)).toBeVisible();
        await expect(panel.getByRole("heading", { level: 3, name: "Key benefits" })).toBeVisible();
        await expect(
          panel.getByRole("heading", { level: 3, name: "Key benefits" }).locator("xpath=following-sibling::ul[1]/li"),
        ).toHaveText([...service.benefits]);
        await expect(panel.getByRole("heading", { level: 3, name: "Technologies" })).toBeVisible();
        await expect(
          panel.getByRole("heading", { level: 3, name: "Technologies" }).locator("xpath=following-sibling::ul[1]/li"),
        ).toHaveText([...service.technologies]);
        await expect(panel.getByRole("heading", { level: 3, name: "Industry focus" })).toHaveCount(service.industries ? 1 : 0);
        if (service.industries) {
          await expect(
            panel.getByRole("heading", { level: 3, name: "Industry focus" }).locator("xpath=following-sibling::ul[1]/li"),
          ).toHaveText([...service.industries]);
        }
        // Keywords are for search engines: in the page's meta, never shown.
        await expect(page.getByText("Keywords", { exact: true })).toHaveCount(0);
        if (service.keywords) {
          await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", service.keywords.join(", "));
          await expect(page.getByText(service.keywords[0]!, { exact: true })).toHaveCount(0);
        } else await expect(page.locator('meta[name="keywords"]')).toHaveCount(0);
      });
    }
  });
}
