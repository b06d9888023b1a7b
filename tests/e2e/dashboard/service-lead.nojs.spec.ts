import { randomAddress } from "../../support/addresses";
import { expect, test } from "../fixtures";
import { atPersonsPace, signIn, unique } from "./helpers";

/**
 * A message about a service with JavaScript off (docs/behaviour.md#contact-topic): from the Services page's "Write to
 * us about it" to /contact?service=…, whose form says what it is about, to the lead's page, whose source names the
 * service. The rules (unknown values, case studies, the modal's posts) are proven in contact-topic.test.ts.
 */
test("a visitor writes about a service from its panel; the lead's page shows the service", async ({ page, context }) => {
  test.slow();
  const name = unique("Service lead");
  const visitor = await context.browser()!.newPage({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });

  await test.step("from the Services page to the form, which says the service", async () => {
    await visitor.goto("/services?service=website-development");
    const panel = visitor.locator("main section[data-selected]");
    await panel.getByRole("link", { name: /^Write to us about it/ }).click();
    await expect(visitor).toHaveURL(/\/contact\?service=website-development$/);
    await expect(visitor.locator("main form").getByText("About: Website Development", { exact: true })).toBeVisible();
  });
  const shownAt = Date.now();

  await test.step("sent", async () => {
    const form = visitor.locator("main form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("visitor@example.com");
    await form.getByLabel("Message").fill(`Hello from ${name}`);
    const [a, b] = ((await form.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? "").match(/\d+/g)!.map(Number);
    await form.getByPlaceholder("Enter the sum").fill(String(a! + b!));
    await atPersonsPace(visitor, shownAt);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(visitor.getByText("Thanks! Your message has been sent.").first()).toBeVisible();
    await visitor.close();
  });

  await test.step("signed in, the lead's page names the service in its source", async () => {
    await signIn(page);
    await page.goto(`/dashboard/messages?tab=new&q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Message from ${name}` })).toBeVisible();
    await page.locator("summary", { hasText: "Source" }).click();
    const source = page.locator("details", { has: page.locator("summary", { hasText: "Source" }) });
    await expect(source.locator("div", { has: page.getByText("Service", { exact: true }) })).toContainText("website-development");
  });
});
