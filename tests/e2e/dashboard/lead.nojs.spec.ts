import { readFile } from "node:fs/promises";
import { expect, test } from "../fixtures";
import { expectNoAxeViolations, viewports } from "../support";
import { sendMessageAsVisitor, signIn, toast, unique } from "./helpers";

/**
 * A lead's page (docs/behaviour.md#leads) with JavaScript off: found through the inbox's search, assigned, moved and
 * noted with plain posts, replied to (the shared test server has no SMTP_URL, so the reply is the mailto link the
 * page offers then) and exported. axe runs once, on the lead page, at 390 px. The rules are proven in leads.test.ts,
 * leads-replies.test.ts and api-leads.test.ts.
 */
test("an admin finds a lead in the inbox, opens it, assigns it to themself, moves it to contacted, adds a note, replies and exports it", async ({
  page,
  context,
}) => {
  test.slow();
  const name = unique("Lead");
  await sendMessageAsVisitor(context, name);
  await signIn(page);
  await page.setViewportSize(viewports.small);

  await test.step("the inbox's search finds it under New", async () => {
    await page.goto("/dashboard/messages?tab=new");
    await page.getByRole("searchbox", { name: "Search" }).fill(name);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=Lead/);
    await expect(page.getByRole("listitem").filter({ hasText: `Hello from ${name}` })).toHaveCount(1);
    await page.getByRole("link", { name, exact: true }).click();
  });

  await test.step("its page shows the message and is read at 390 px", async () => {
    await expect(page.getByRole("heading", { name: `Message from ${name}` })).toBeVisible();
    await expect(page.getByText(`Hello from ${name}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.small.width);
    await expectNoAxeViolations(page);
  });

  await test.step("assigned to me and moved to Contacted", async () => {
    const form = page.getByRole("form", { name: "Status and owner" });
    await form.getByLabel("Status").selectOption("contacted");
    await form.getByLabel("Owner").selectOption({ label: "Studio Admin (me)" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Lead updated")).toHaveCount(1);
    await expect(form.getByLabel("Status")).toHaveValue("contacted");
    await expect(form.getByLabel("Owner").locator("option:checked")).toHaveText("Studio Admin (me)");
    await expect(page.getByRole("listitem").filter({ hasText: "moved it to Contacted" })).toHaveCount(1);
  });

  await test.step("a note joins the history", async () => {
    await page.getByRole("textbox", { name: "Note" }).fill("Called them; quote on Monday");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(toast(page, "Note added")).toHaveCount(1);
    await expect(page.getByRole("listitem").filter({ hasText: "noted: Called them; quote on Monday" })).toHaveCount(1);
  });

  await test.step("with mail off, no reply form: the page says so and offers the mailto link with the message quoted", async () => {
    await expect(page.getByRole("listitem").filter({ hasText: "changed the owner from Nobody to Studio Admin" })).toHaveCount(1);
    const reply = page.getByRole("region", { name: "Reply" });
    await expect(reply.getByText("Email is off (SMTP_URL is not set)")).toBeVisible();
    await expect(reply.getByRole("form")).toHaveCount(0);
    const link = reply.getByRole("link", { name: "Reply to visitor@example.com in your mail program" });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^mailto:visitor@example\.com\?subject=Re%3A%20your%20message%20to%20/);
    expect(decodeURIComponent(href.split("&body=")[1] ?? "")).toContain(`> Hello from ${name}`);
  });

  await test.step("the inbox as filtered downloads as CSV, the note and status in its row", async () => {
    await page.goto(`/dashboard/messages?tab=open&q=${encodeURIComponent(name)}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^\uFEFFid,created_at,name,email,message,status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${name},`);
    expect(lines[1]).toContain(",contacted,");
    expect(lines[1]).toContain("Called them; quote on Monday");
  });
});
