import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";

/** Sends a message through the public /contact form, as a visitor would (solving the captcha). */
async function sendMessage(page: Page, name: string) {
  await page.goto("/contact");
  const form = page.locator("main form").filter({ has: page.getByPlaceholder("Enter the sum") });
  await form.getByLabel(/name/i).fill(name);
  await form.getByLabel(/email/i).fill("visitor@example.com");
  await form.getByLabel(/message/i).fill(`Hello from ${name}`);
  const question = (await form.getByText(/\d+\s*\+\s*\d+/).first().textContent()) ?? "";
  const [a, b] = question.match(/\d+/g)!.map(Number);
  await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
  await form.getByRole("button", { name: /send/i }).click();
}

test("a message sent from the site arrives unread, is marked read and deleted; the sidebar counts the unread", async ({ page, context }) => {
  const visitor = await context.browser()!.newPage({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200)}` } });
  const name = unique("Visitor");
  await sendMessage(visitor, name);
  await expect(visitor.getByText("Thanks! Your message has been sent.").filter({ visible: true }).first()).toBeVisible();
  await visitor.close();

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
  await expect(page.getByRole("term").filter({ hasText: "Case studies" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Case studies per industry" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Contact messages per day, last 30 days/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

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
