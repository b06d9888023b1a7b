import { expect, test, type Page } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn } from "./helpers";

/**
 * The dashboard overview (docs/behaviour.md#dashboard): what an admin opens it for (new messages, drafts,
 * published case studies), each a link to its list, above the four cards. Other runs may add entries at the
 * same time, so each figure is compared with its list's own count until both agree. It only shows figures and links:
 * no form and nothing its script changes, so it is checked with JavaScript on only.
 */

const glance = (page: Page) => page.getByRole("region", { name: "Needs attention" }).getByRole("list", { name: "Figures" });

async function figure(page: Page, label: string): Promise<number> {
  const text = await glance(page)
    .getByRole("link", { name: new RegExp(`^${label} \\d+$`) })
    .textContent();
  return Number(/\d+$/.exec(text ?? "")?.[0]);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("shows new messages, drafts and published case studies as the lists count them, above the four cards and their links", async ({
  page,
}) => {
  // Up to 20 s for the figures and the lists to agree while other tests add entries.
  test.slow();
  await page.goto("/dashboard");
  await expect(glance(page).getByRole("link")).toHaveText([
    /^New messages\d+$/,
    /^Leads new for over 24 h: .+\d+$/,
    /^Drafts\d+$/,
    /^Published case studies\d+$/,
    /^Site content drafts\d+$/,
  ]);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Needs attention",
    "Speed to lead",
    "Pipeline",
    "Upload Case Study",
    "Analytics",
    "User Management",
    "Settings",
  ]);
  await expect(glance(page).getByRole("link", { name: /Leads new for over 24 h/ })).toHaveAttribute("href", "/dashboard/messages?tab=new");
  const attention = page.getByRole("region", { name: "Needs attention" });
  await expect(attention.getByRole("heading", { level: 3 })).toHaveText(["Scheduled changes", "Recent activity"]);
  await expect(page.getByRole("region", { name: "Speed to lead" }).getByText("Median first response, last 30 days")).toBeVisible();
  for (const [title, path] of [
    ["Upload Case Study", "/dashboard/case-studies/upload"],
    ["Analytics", "/dashboard/analytics"],
    ["User Management", "/dashboard/users"],
    ["Settings", "/dashboard/settings"],
  ] as const) {
    // A card, not a recent activity entry such as "Settings changed".
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${title} [A-Z]`) })).toHaveAttribute("href", path);
  }
  await expectNoAxeViolations(page);

  await expect(async () => {
    await page.goto("/dashboard");
    const shown = { drafts: await figure(page, "Drafts"), published: await figure(page, "Published case studies") };
    const unread = await figure(page, "New messages");
    await page.goto("/dashboard/case-studies/list");
    const filters = page.getByRole("navigation", { name: "Filter by status" });
    expect(await filters.getByRole("link", { name: /^Drafts/ }).textContent()).toContain(`(${shown.drafts})`);
    expect(await filters.getByRole("link", { name: /^Published/ }).textContent()).toContain(`(${shown.published})`);
    const badge = await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: /^Messages/ })
      .textContent();
    expect(Number(/(\d+) unread/.exec(badge ?? "")?.[1] ?? 0)).toBe(unread);
  }).toPass({ timeout: 20_000 });

  await page.goto("/dashboard");
  await glance(page)
    .getByRole("link", { name: /^Drafts/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/case-studies\/list\?status=draft$/);
  await page.goto("/dashboard");
  await glance(page)
    .getByRole("link", { name: /^New messages/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/messages$/);
});
