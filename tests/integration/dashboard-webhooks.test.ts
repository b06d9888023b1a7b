import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { AdminModel } from "~/models/admin.server";
import { WebhookDeliveryModel } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import * as page from "~/routes/dashboard.settings_.webhooks";
import { connectDb } from "~/server/db.server";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/behaviour.md#webhooks: the Settings → Webhooks page as a form posts to it (JavaScript off); nothing is sent from
// here (no queue runs in this file, and the address saved is a public literal that nothing connects to).

const HERE = "/dashboard/settings/webhooks";
const publicUrl = "https://93.184.216.34/studio";
let cookie = "";

beforeAll(async () => {
  await connectDb();
  await Promise.all([WebhookDeliveryModel.init(), WebhookEndpointModel.init()]);
  ({ cookie } = await signedInAdmin("hooks-page@studio.test", "Page Admin"));
});

const post = (fields: Record<string, string>, events: string[] = []) => {
  const request = postForm(HERE, fields, cookie);
  return new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: [new URLSearchParams(fields).toString(), ...events.map((event) => `events=${encodeURIComponent(event)}`)].join("&"),
  });
};

type Loaded = {
  webhooks: { id: string; url: string; secret: string; enabled: boolean; events: string[]; deliveries: { id: string; type: string }[] }[];
};

describe("the Webhooks page", () => {
  it("adds, refuses, changes, tests, sends again and deletes a webhook", async () => {
    const refused = await call(
      page.action,
      post({ intent: "create", url: "https://169.254.169.254/latest", enabled: "on" }, ["lead.created"]),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ form: "new", errors: { url: [messages.webhookUrlPrivate] } });
    const noEvents = await call(page.action, post({ intent: "create", url: publicUrl, enabled: "on" }));
    expect(noEvents.data).toMatchObject({ errors: { events: [messages.webhookEventsRequired] } });

    const added = await call(page.action, post({ intent: "create", url: publicUrl, enabled: "on" }, ["lead.created", "admin.created"]));
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(HERE);
    let loaded = (await call(page.loader, get(HERE, cookie))).data as Loaded;
    const [hook] = loaded.webhooks;
    expect(hook).toMatchObject({ url: publicUrl, enabled: true, events: ["lead.created", "admin.created"] });
    expect(hook!.secret).toMatch(/^whsec_/);

    await call(page.action, post({ intent: "save", id: hook!.id, url: publicUrl }, ["lead.updated"]));
    await call(page.action, post({ intent: "test", id: hook!.id }));
    loaded = (await call(page.loader, get(HERE, cookie))).data as Loaded;
    expect(loaded.webhooks[0]).toMatchObject({ enabled: false, events: ["lead.updated"], deliveries: [{ type: "webhook.test" }] });
    const delivery = loaded.webhooks[0]!.deliveries[0]!.id;
    expect((await call(page.action, post({ intent: "resend", id: hook!.id, delivery }))).status).toBe(302);
    expect(await WebhookDeliveryModel.countDocuments({ endpoint_id: hook!.id })).toBe(2);

    expect((await call(page.action, post({ intent: "delete", id: hook!.id }))).status).toBe(302);
    expect(await WebhookEndpointModel.countDocuments()).toBe(0);
    expect(await WebhookDeliveryModel.countDocuments()).toBe(0);
  });

  it("is refused to a role without webhooks:write", async () => {
    const sales = await signedInAdmin("hooks-sales@studio.test", "Sales Person");
    await AdminModel.updateOne({ _id: sales.admin.id }, { $set: { role: "sales" } });
    expect((await call(page.loader, get(HERE, sales.cookie))).status).toBe(403);
    const refused = await call(
      page.action,
      new Request(post({ intent: "create", url: publicUrl }, ["lead.created"]).url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: sales.cookie },
        body: `intent=create&url=${encodeURIComponent(publicUrl)}&events=lead.created`,
      }),
    );
    expect(refused.status).toBe(403);
    expect(await WebhookEndpointModel.countDocuments()).toBe(0);
  });
});
