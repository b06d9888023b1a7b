import { expect, test } from "../fixtures";
import { startWebhookReceiver } from "../../support/webhook-receiver";
import { signIn, toast } from "./helpers";

// docs/behaviour.md#webhooks: a webhook made on the dashboard to a receiver this test runs on 127.0.0.1 (the server runs
// with WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE), and a test event sent to it from the page, with JavaScript on and off.
test("a webhook is added and gets a signed test event sent from its page", async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    const url = receiver.url(`/studio-${Math.random().toString(36).slice(2, 8)}`);
    await signIn(page);
    await page.goto("/dashboard/settings");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();

    const adding = page.getByRole("form", { name: "New webhook" });
    await adding.getByLabel("Address (URL)").fill(url);
    await adding.getByRole("checkbox", { name: /admin\.deleted/ }).check();
    await adding.getByRole("button", { name: "Add webhook" }).click();
    await expect(toast(page, "Webhook added")).toHaveCount(1);

    const card = page.getByRole("article", { name: `Webhook ${url}` });
    await expect(card.getByText("No deliveries yet.")).toBeVisible();
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page, "Test event queued: it appears under Deliveries once sent")).toHaveCount(1);

    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [request] = receiver.received;
    expect(request!.headers["studio-event"]).toBe("webhook.test");
    expect(String(request!.headers["studio-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(request!.body)).toMatchObject({ type: "webhook.test" });

    await expect(async () => {
      await page.reload();
      await expect(card.getByRole("table", { name: "Deliveries" }).getByRole("row", { name: /webhook\.test.*200.*delivered/ })).toBeVisible(
        {
          timeout: 1_000,
        },
      );
    }).toPass({ timeout: 8_000 });

    await card.getByRole("button", { name: "Delete webhook" }).click();
    await expect(toast(page, "Webhook deleted")).toHaveCount(1);
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
