import { expect, test } from "./fixtures";
import { team } from "../../app/content/about";
import { viewports } from "./support";

/**
 * The About page (docs/behaviour.md#about) with JavaScript on and off: the team (lazy portraits load only where
 * scripts run). The server markup no script changes (the content, the metadata, axe) is checked once, in
 * about.nojs.spec.ts.
 */

test.describe("the About page on a phone", () => {
  test.use({ viewport: viewports.small });

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
});
