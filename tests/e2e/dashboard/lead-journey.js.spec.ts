import { readFile } from "node:fs/promises";
import { SPAM_MIN_FILL_MS } from "../../../app/domain/spam";
import { randomAddress } from "../../support/addresses";
import { expect, test } from "../fixtures";
import { signIn, sonnerToast, unique } from "./helpers";

/**
 * A lead's journey end to end with JavaScript on (issue 32's "Done when"): a visitor from a UTM link views two case
 * studies and writes; the admin finds the lead, sees its source and pages, assigns it, notes, sees the reply's mailto
 * (the shared test server has no SMTP_URL), moves it to won and exports it. The rules are proven in
 * lead-attribution, leads, leads-replies and api-leads tests; lead.nojs.spec.ts walks the lead page without JavaScript.
 */
test("a visitor from a UTM link views two case studies and writes; an admin works the lead to won and exports it", async ({
  page,
  context,
}) => {
  const name = unique("Journey");
  const visitor = await context.browser()!.newPage({ extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
  let studies: string[] = [];

  await test.step("the visitor lands from the newsletter, reads two case studies and writes", async () => {
    await visitor.goto("/?utm_source=news&utm_medium=email&utm_campaign=spring");
    await visitor.goto("/case-studies");
    const links = visitor.getByRole("article").getByRole("link", { name: /^Read case study/ });
    studies = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""))).slice(0, 2);
    expect(studies).toHaveLength(2);
    for (const path of studies) {
      await visitor.goto(path);
      await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await visitor.goto("/contact");
    const shownAt = Date.now();
    const form = visitor.locator("main form").filter({ has: visitor.getByPlaceholder("Enter the sum") });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("journey@example.com");
    await form.getByLabel("Message").fill(`Hello from ${name}: a shop like the ones you built?`);
    const [a, b] = ((await form.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? "").match(/\d+/g)!.map(Number);
    await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
    // At a person's pace: sooner, it is filed as spam (docs/behaviour.md#spam).
    await visitor.waitForTimeout(Math.max(0, shownAt + SPAM_MIN_FILL_MS + 500 - Date.now()));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByText("Thanks! Your message has been sent.").filter({ visible: true }).first()).toBeVisible();
    await visitor.close();
  });

  await signIn(page);

  await test.step("the admin finds it in the inbox and sees its source and the pages viewed", async () => {
    await page.goto(`/dashboard/messages?tab=new&q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Message from ${name}` })).toBeVisible();
    await page.locator("summary", { hasText: "Source" }).click();
    const source = page.locator("details", { has: page.locator("summary", { hasText: "Source" }) });
    const row = (label: string) => source.locator("dl > div", { has: page.getByText(label, { exact: true }) }).locator("dd");
    await expect(row("First page")).toHaveText("/");
    await expect(row("utm_source")).toHaveText("news");
    await expect(row("utm_medium")).toHaveText("email");
    await expect(row("utm_campaign")).toHaveText("spring");
    const viewed = source.getByRole("listitem").locator("span");
    await expect(viewed).toContainText([...studies, "/contact"]);
    await expect(viewed.first()).toHaveText("/");
  });

  const form = page.getByRole("form", { name: "Status and owner" });
  await test.step("assigned to me, noted, and the reply is the mailto link", async () => {
    await form.getByLabel("Owner").selectOption({ label: "Studio Admin (me)" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(sonnerToast(page, "Lead updated")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "changed the owner from Nobody to Studio Admin" })).toHaveCount(1);
    await page.getByRole("textbox", { name: "Note" }).fill("Wants a shop; call on Monday");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "noted: Wants a shop; call on Monday" })).toHaveCount(1);
    const reply = page.getByRole("region", { name: "Reply" });
    await expect(reply.getByText("Email is off (SMTP_URL is not set)")).toBeVisible();
    const link = reply.getByRole("link", { name: "Reply to journey@example.com in your mail program" });
    await expect(link).toHaveAttribute("href", /^mailto:journey@example\.com\?subject=Re%3A%20your%20message%20to%20/);
  });

  await test.step("moved to won", async () => {
    await form.getByLabel("Status").selectOption("won");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "moved it to Won" })).toHaveCount(1);
    await expect(form.getByLabel("Status")).toHaveValue("won");
  });

  await test.step("the Won tab's export holds it, with its source", async () => {
    await page.goto(`/dashboard/messages?tab=won&q=${encodeURIComponent(name)}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    const [header, ...rows] = (await readFile((await download.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(rows).toHaveLength(1);
    // No cell of this lead holds a comma or quote, so a split reads the row.
    const cells = Object.fromEntries(header!.split(",").map((column, i) => [column, rows[0]!.split(",")[i]]));
    expect(cells).toMatchObject({
      name,
      status: "won",
      owner_name: "Studio Admin",
      landing_page: "/",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "spring",
    });
    expect(cells.pages).toContain(`${studies[0]}@`);
    expect(cells.notes).toContain("Wants a shop; call on Monday");
  });
});
