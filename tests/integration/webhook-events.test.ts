import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdmin, deleteAdmin } from "~/domain/admins.server";
import { applyDueSchedules, createCaseStudy, updateCaseStudy } from "~/domain/case-studies.server";
import { changeLead, createContactMessage } from "~/domain/contact-messages.server";
import type { ImageStorage } from "~/domain/ports";
import { adminInput, caseStudyInput } from "~/domain/schemas";
import { getContentPart, saveContentPart } from "~/domain/site-content.server";
import { WEBHOOK_EVENTS } from "~/domain/webhook-events";
import { webhookInput } from "~/domain/webhook-schemas";
import { createWebhook, updateWebhook } from "~/domain/webhooks.server";
import { Types } from "mongoose";
import { ContactMessageModel } from "~/models/contact-message.server";
import { WebhookDeliveryModel } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import * as apiLead from "~/routes/api.leads.$id";
import { issueToken } from "~/domain/access.server";
import { connectDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { webhookGuard } from "~/server/webhook-address.server";
import { apiRequest } from "../support/factories";
import { testOrigin } from "../support/origin";
import { call } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/api.md#webhook-events: each domain write fires its event, whichever door it came through; spam never fires
// lead.created, and "Not spam" does, once.

const images: ImageStorage = {
  store: async () => ({ ok: true, url: `/uploads/${"1".repeat(32)}-1600.webp` }),
  remove: async () => undefined,
};
const photo = () => new File([new Uint8Array([1])], "x.jpg", { type: "image/jpeg" });
const guard = webhookGuard(() => ({ resolve: async () => ["127.0.0.1"], allowHttp: true, allowPrivate: true }));

let admin: Awaited<ReturnType<typeof signedInAdmin>>["admin"];
let all: string;
let leadsOnly: string;

beforeAll(async () => {
  await connectDb();
  await Promise.all([WebhookDeliveryModel.init(), WebhookEndpointModel.init()]);
  ({ admin } = await signedInAdmin("events@studio.test", "Events Admin"));
  const write = { origin: testOrigin(admin), secrets: ports.secrets, guard };
  const everything = await createWebhook(webhookInput.parse({ url: "http://127.0.0.1:9/all", events: [...WEBHOOK_EVENTS] }), write);
  const leads = await createWebhook(webhookInput.parse({ url: "http://127.0.0.1:9/leads", events: ["lead.created"] }), write);
  const off = await createWebhook(
    webhookInput.parse({ url: "http://127.0.0.1:9/off", events: [...WEBHOOK_EVENTS], enabled: false }),
    write,
  );
  if (!everything.ok || !leads.ok || !off.ok) throw new Error("endpoints not made");
  all = everything.value.id;
  leadsOnly = leads.value.id;
});

beforeEach(() => WebhookDeliveryModel.deleteMany({}));

/** The events queued since the last call, as `endpoint type`, with their data. */
async function fired(): Promise<{ to: string; type: string; data: Record<string, unknown> }[]> {
  const docs = await WebhookDeliveryModel.find().sort({ _id: 1 }).lean();
  await WebhookDeliveryModel.deleteMany({});
  return docs.map((doc) => ({
    to: doc.endpoint_id.toString() === all ? "all" : doc.endpoint_id.toString() === leadsOnly ? "leads" : "off",
    type: doc.type,
    data: doc.data,
  }));
}
const types = async () => (await fired()).map(({ to, type }) => `${to} ${type}`);

const mail = { newMessage: async () => undefined };

describe("webhook events", () => {
  it("lead.created for a new lead; none for spam until Not spam, then once", async () => {
    const lead = await createContactMessage({ name: "Ada", email: "ada@example.test", message: "Hello" }, mail);
    const events = await fired();
    expect(events.map(({ to, type }) => `${to} ${type}`)).toEqual(["all lead.created", "leads lead.created"]);
    expect(events[0]!.data).toEqual({
      lead: {
        id: lead.id,
        name: "Ada",
        email: "ada@example.test",
        message: "Hello",
        status: "new",
        owner_id: null,
        service: null,
        created_at: lead.created_at,
      },
    });

    const spam = await createContactMessage({ name: "Bot", email: "bot@example.test", message: "casino" }, mail, null, "words");
    expect(await types()).toEqual([]);
    const origin = testOrigin(admin);
    expect((await changeLead(spam.id, { status: "new" }, origin)).ok).toBe(true);
    expect(await types()).toEqual(["all lead.created", "leads lead.created"]);
    // Back to spam and out again: an update each time, never a second lead.created.
    await changeLead(spam.id, { status: "spam" }, origin);
    await changeLead(spam.id, { status: "contacted" }, origin);
    expect(await types()).toEqual(["all lead.updated", "all lead.updated"]);
  });

  it("lead.created when Not spam moves a lead filed as spam before webhooks existed (no owed flag stored)", async () => {
    const spam = await createContactMessage({ name: "Old", email: "old@example.test", message: "casino" }, mail, null, "words");
    await ContactMessageModel.collection.updateOne({ _id: new Types.ObjectId(spam.id) }, { $unset: { webhook_pending: "" } });
    await fired();
    await changeLead(spam.id, { status: "new" }, testOrigin(admin));
    expect(await types()).toEqual(["all lead.created", "leads lead.created"]);
  });

  it("lead.updated when a status or an owner changes, from the dashboard's domain write and from the API", async () => {
    const lead = await createContactMessage({ name: "Grace", email: "grace@example.test", message: "Hi" }, mail);
    await fired();
    await changeLead(lead.id, { status: "contacted", owner: admin.id }, testOrigin(admin));
    expect((await fired()).map(({ type, data }) => [type, data.changed])).toEqual([["lead.updated", ["status", "owner"]]]);
    // Nothing changed: nothing fired.
    await changeLead(lead.id, { status: "contacted" }, testOrigin(admin));
    expect(await types()).toEqual([]);

    const { token } = await issueToken(admin.id);
    const answer = await call(apiLead.action, apiRequest(`/api/leads/${lead.id}`, { method: "PATCH", token, json: { status: "won" } }), {
      id: lead.id,
    });
    expect(answer.status).toBe(200);
    const [event] = await fired();
    expect(event).toMatchObject({ to: "all", type: "lead.updated", data: { changed: ["status"], lead: { id: lead.id, status: "won" } } });
  });

  it("case_study.published and unpublished, by hand and by the schedule", async () => {
    const write = { origin: testOrigin(admin), images };
    const fields = caseStudyInput.parse({
      title: "Hooked Shop",
      client: "Acme",
      industry: "Retail",
      project_insight: "A shop.",
      technologies: "React",
      outcomes: [
        { label: "A", value: "1" },
        { label: "B", value: "2" },
        { label: "C", value: "3" },
      ],
    });
    const created = await createCaseStudy({ ...fields, status: "published" }, photo(), write);
    if (!created.ok) throw new Error(created.reason);
    const study = created.value;
    expect(await fired()).toEqual([
      { to: "all", type: "case_study.published", data: { case_study: { id: study.id, title: "Hooked Shop", slug: study.slug } } },
    ]);
    await updateCaseStudy(study.id, { status: "draft" }, null, write);
    expect(await types()).toEqual(["all case_study.unpublished"]);
    await updateCaseStudy(study.id, { title: "Hooked Shop, renamed" }, null, write);
    expect(await types()).toEqual([]);

    const soon = new Date(Date.now() + 3_600_000);
    await updateCaseStudy(study.id, { publish_at: soon }, null, write);
    expect(await types()).toEqual([]);
    await applyDueSchedules(new Date(soon.getTime() + 1000), images);
    expect(await types()).toEqual(["all case_study.published"]);
  });

  it("content.published for a published part, not for a draft", async () => {
    const { published: footer } = await getContentPart("footer");
    await saveContentPart("footer", footer, { publish: false, origin: testOrigin(admin), images });
    expect(await types()).toEqual([]);
    const saved = await saveContentPart("footer", footer, { publish: true, origin: testOrigin(admin), images });
    expect(await fired()).toEqual([{ to: "all", type: "content.published", data: { part: "footer", version: saved.version.n } }]);
  });

  it("admin.created and admin.deleted", async () => {
    const made = await createAdmin(
      adminInput.parse({ name: "New One", email: "new-one@studio.test", password: "test-password" }),
      ports.passwords,
      null,
    );
    if (!made.ok) throw new Error(made.reason);
    expect(await fired()).toEqual([{ to: "all", type: "admin.created", data: { admin: made.value } }]);
    expect(await deleteAdmin(made.value.id, testOrigin(admin), { by: { kind: "admin", role: "owner" } })).toBe("deleted");
    expect(await fired()).toEqual([{ to: "all", type: "admin.deleted", data: { admin: made.value } }]);
  });

  it("none to an endpoint turned off, nor for an event it does not subscribe to", async () => {
    await updateWebhook(all, { enabled: false }, { origin: testOrigin(admin), secrets: ports.secrets, guard });
    await createContactMessage({ name: "Quiet", email: "quiet@example.test", message: "Hi" }, mail);
    expect(await types()).toEqual(["leads lead.created"]);
    await updateWebhook(all, { enabled: true }, { origin: testOrigin(admin), secrets: ports.secrets, guard });
  });
});
