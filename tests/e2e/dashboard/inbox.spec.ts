import { expect, test } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { sendMessageAsVisitor, signIn, unique } from "./helpers";

test("a message sent from the site arrives unread and is marked read; the sidebar counts the unread", async ({ page, context }) => {
  // A visitor in a browser of its own sends the message first: two pages and a captcha before the check starts.
  test.slow();
  const name = unique("Visitor");
  await sendMessageAsVisitor(context, name);

  await signIn(page);
  await page.goto("/dashboard/messages");
  const entry = page.getByRole("listitem").filter({ hasText: name });
  await expect(entry).toContainText(`Hello from ${name}`);
  await expect(entry.getByText("New")).toBeVisible();
  await expect(page.getByRole("link", { name: /Messages \d+ unread/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await entry.getByRole("button", { name: "Mark read" }).click();
  await expect(entry.getByRole("button", { name: "Mark unread" })).toBeVisible();
  await expect(entry.getByText("New")).toHaveCount(0);
  // Other tests send messages at the same time: the sidebar's count must match the inbox's "New" marks.
  await page.reload();
  const unread = await page.getByRole("listitem").getByText("New", { exact: true }).count();
  if (unread > 0) await expect(page.getByRole("link", { name: `Messages ${unread} unread` })).toBeVisible();
  else await expect(page.getByRole("link", { name: /unread/ })).toHaveCount(0);
});

test("analytics shows the product's own figures without axe violations", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/analytics");
  await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Case studies$/ })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Published case studies$/ })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Draft case studies$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Case studies per industry" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Contact messages per day, last 30 days/ })).toBeVisible();
  // Messages per week: 8 rows (ISO weeks, the current one marked), each with its count as text.
  await expect(page.getByRole("heading", { name: /Contact messages per week, last 8 weeks/ })).toBeVisible();
  const weeks = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Week" }) });
  await expect(weeks.getByRole("rowheader")).toHaveCount(8);
  await expect(weeks.getByRole("rowheader").last()).toHaveText(/\(this week\)$/);
  await expect(weeks.getByRole("cell").first()).toHaveText(/^\d+$/);
  await expectNoAxeViolations(page);
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`analytics ends where its content ends, with no blank space below (${name} screen)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto("/dashboard/analytics");
    // The per-day table is there for screen readers, not on screen.
    await expect(page.getByRole("table", { name: "Contact messages per day" })).toBeAttached();
    const { pageHeight, contentEnd } = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      contentEnd: Math.max(window.innerHeight, document.querySelector("main")!.getBoundingClientRect().bottom + window.scrollY),
    }));
    expect(pageHeight).toBeLessThanOrEqual(Math.ceil(contentEnd));
  });
}

test("the overview links to its four screens", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  for (const [title, path] of [
    ["Upload Case Study", "/dashboard/case-studies/upload"],
    ["Analytics", "/dashboard/analytics"],
    ["User Management", "/dashboard/users"],
    ["Settings", "/dashboard/settings"],
  ] as const) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(title) })).toHaveAttribute("href", path);
  }
  await expectNoAxeViolations(page);
});
