import { randomBytes, randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { WebhookDeliveryModel, type WebhookDeliveryDoc } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel, type WebhookEndpointDoc } from "~/models/webhook-endpoint.server";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import type { SecretBox, WebhookGuard, WebhookUrlRefusal } from "./ports";
import { isObjectId, ok, refused, type Result } from "./shared";
import { isWebhookEvent, WEBHOOK_TEST_EVENT, type WebhookEvent, type WebhookEventData } from "./webhook-events";
import { MAX_WEBHOOKS, type Webhook, type WebhookChanges, type WebhookDelivery, type WebhookInput } from "./webhook-schemas";

// Webhook endpoints and the events the domain's writes fire (docs/api.md#webhooks). Firing inserts one delivery per
// enabled endpoint that subscribes; app/server/webhook-delivery.server.ts sends them (decision 0056).

/** What saving an endpoint needs: its secret is sealed with the server's key, its address checked as a delivery would be. */
export type WebhookWrite = { origin: AdminOrigin; secrets: SecretBox; guard: WebhookGuard };

const secretContext = (id: Types.ObjectId | string) => `webhook:${id.toString()}`;

/** The secret as the endpoint's deliveries sign with it; null when the key that sealed it is gone. */
export function openSecret(doc: Pick<WebhookEndpointDoc, "_id" | "secret" | "sealed">, secrets: SecretBox): string | null {
  return doc.sealed ? secrets.open(doc.secret, secretContext(doc._id)) : doc.secret;
}

function toWebhook(doc: WebhookEndpointDoc, secrets: SecretBox): Webhook {
  return {
    id: doc._id.toString(),
    url: doc.url,
    events: doc.events.filter(isWebhookEvent),
    secret: openSecret(doc, secrets) ?? "",
    enabled: doc.enabled,
    slack: doc.slack,
    created_by: doc.created_by?.name || null,
    created_at: doc.created_at.toISOString(),
    updated_at: (doc.updated_at ?? doc.created_at).toISOString(),
  };
}

function toWebhookDelivery(doc: WebhookDeliveryDoc): WebhookDelivery {
  return {
    id: doc._id.toString(),
    event_id: doc.event_id,
    type: doc.type,
    state: doc.state,
    attempts: doc.attempts,
    status_code: doc.status_code ?? null,
    duration_ms: doc.duration_ms ?? null,
    error: doc.last_error ?? null,
    next_attempt_at: doc.state === "pending" ? doc.next_attempt_at.toISOString() : null,
    created_at: doc.created_at.toISOString(),
    finished_at: doc.finished_at ? doc.finished_at.toISOString() : null,
  };
}

const target = (doc: Pick<WebhookEndpointDoc, "_id" | "url">) => ({ type: "webhook", id: doc._id.toString(), label: doc.url });

export async function listWebhooks(secrets: SecretBox): Promise<Webhook[]> {
  const docs = await WebhookEndpointModel.find().sort({ created_at: 1, _id: 1 }).lean();
  return docs.map((doc) => toWebhook(doc, secrets));
}

export async function getWebhook(id: string, secrets: SecretBox): Promise<Webhook | null> {
  if (!isObjectId(id)) return null;
  const doc = await WebhookEndpointModel.findById(id).lean();
  return doc ? toWebhook(doc, secrets) : null;
}

/** `whsec_` and 32 random bytes: the format tells a reader what it is. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

export async function createWebhook(
  input: WebhookInput,
  { origin, secrets, guard }: WebhookWrite,
): Promise<Result<Webhook, WebhookUrlRefusal | "too-many">> {
  const refusal = await guard.check(input.url);
  if (refusal) return refused(refusal);
  if ((await WebhookEndpointModel.countDocuments()) >= MAX_WEBHOOKS) return refused("too-many");
  const _id = new Types.ObjectId();
  const secret = newSecret();
  const sealed = secrets.available();
  const doc = await WebhookEndpointModel.create({
    _id,
    url: input.url,
    events: input.events,
    secret: sealed ? secrets.seal(secret, secretContext(_id)) : secret,
    sealed,
    enabled: input.enabled,
    slack: input.slack,
    created_by: { id: origin.actor.id, name: origin.actor.name },
  });
  await recordEvent(origin, "webhook.created", { target: target(doc), details: { events: input.events, slack: input.slack } });
  return ok(toWebhook(doc.toObject(), secrets));
}

export async function updateWebhook(
  id: string,
  changes: WebhookChanges,
  { origin, secrets, guard }: WebhookWrite,
): Promise<Result<Webhook, WebhookUrlRefusal | "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  if (changes.url !== undefined) {
    const refusal = await guard.check(changes.url);
    if (refusal) return refused(refusal);
  }
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const before = await WebhookEndpointModel.findByIdAndUpdate(id, { $set: set }, { returnDocument: "before" }).lean();
  if (!before) return refused("not-found");
  const after = await WebhookEndpointModel.findById(id).lean();
  if (!after) return refused("not-found");
  const changed = Object.keys(set).filter((key) => JSON.stringify(before[key as keyof typeof before]) !== JSON.stringify(set[key]));
  if (changed.length) await recordEvent(origin, "webhook.changed", { target: target(after), details: { changed } });
  return ok(toWebhook(after, secrets));
}

/** Its deliveries go with it: nothing is sent to an endpoint once it is deleted. */
export async function deleteWebhook(id: string, origin: AdminOrigin): Promise<Result<null, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const doc = await WebhookEndpointModel.findById(id).lean();
  if (!doc) return refused("not-found");
  const { deletedCount } = await WebhookEndpointModel.deleteOne({ _id: doc._id });
  if (deletedCount !== 1) return refused("not-found");
  await WebhookDeliveryModel.deleteMany({ endpoint_id: doc._id });
  await recordEvent(origin, "webhook.deleted", { target: target(doc) });
  return ok(null);
}

/** The endpoint's deliveries, newest first; at most `limit` (the store keeps at most WEBHOOK_DELIVERIES_KEPT.perEndpoint finished ones). */
export async function listWebhookDeliveries(id: string, limit = 50): Promise<WebhookDelivery[] | null> {
  if (!isObjectId(id) || !(await WebhookEndpointModel.exists({ _id: id }))) return null;
  const docs = await WebhookDeliveryModel.find({ endpoint_id: id }).sort({ created_at: -1, _id: -1 }).limit(limit).lean();
  return docs.map(toWebhookDelivery);
}

// Something to tell the sender once deliveries are queued: the instance that queued them sends them at once rather
// than at its next sweep. Set at start-up by app/server (the domain never imports it); only a shortcut, the sweep on
// every instance is what makes sure.
let whenQueued: () => void = () => undefined;

export function onWebhookDeliveriesQueued(listener: () => void): void {
  whenQueued = listener;
}

type Queued = { endpoint_id: Types.ObjectId; event_id: string; type: string; data: Record<string, unknown>; event_at: Date };

async function queue(deliveries: Queued[]): Promise<WebhookDeliveryDoc[]> {
  if (!deliveries.length) return [];
  const now = new Date();
  const docs = await WebhookDeliveryModel.insertMany(deliveries.map((delivery) => ({ ...delivery, next_attempt_at: now })));
  whenQueued();
  return docs.map((doc) => doc.toObject());
}

/**
 * One delivery per enabled endpoint subscribed to `type`, inserted once by the write that made the event happen; the
 * write itself never fails for it (the failure is logged, as with the new-message email).
 */
export async function fireWebhookEvent<Type extends WebhookEvent>(
  type: Type,
  data: WebhookEventData[Type],
  at = new Date(),
): Promise<number> {
  try {
    const endpoints = await WebhookEndpointModel.find({ enabled: true, events: type }).lean();
    const eventId = `evt_${randomUUID()}`;
    const queued = await queue(
      endpoints.map((endpoint) => ({
        endpoint_id: endpoint._id,
        event_id: eventId,
        type,
        data: data as Record<string, unknown>,
        event_at: at,
      })),
    );
    return queued.length;
  } catch (error) {
    console.error(`Webhooks: the ${type} event could not be queued: ${(error as Error).message}`);
    return 0;
  }
}

/** A webhook.test event to this endpoint, whether or not it is on. */
export async function sendTestEvent(id: string): Promise<Result<WebhookDelivery, "not-found">> {
  if (!isObjectId(id)) return refused("not-found");
  const endpoint = await WebhookEndpointModel.findById(id).lean();
  if (!endpoint) return refused("not-found");
  const data: WebhookEventData[typeof WEBHOOK_TEST_EVENT] = { message: "A test event from the dashboard or the API." };
  const [doc] = await queue([
    { endpoint_id: endpoint._id, event_id: `evt_${randomUUID()}`, type: WEBHOOK_TEST_EVENT, data, event_at: new Date() },
  ]);
  return ok(toWebhookDelivery(doc!));
}

/** The same event (its id, time and data) in a new delivery, tried afresh. */
export async function resendDelivery(id: string, deliveryId: string): Promise<Result<WebhookDelivery, "not-found">> {
  if (!isObjectId(id) || !isObjectId(deliveryId)) return refused("not-found");
  const [endpoint, delivery] = await Promise.all([
    WebhookEndpointModel.findById(id).lean(),
    WebhookDeliveryModel.findOne({ _id: deliveryId, endpoint_id: id }).lean(),
  ]);
  if (!endpoint || !delivery) return refused("not-found");
  const [doc] = await queue([
    { endpoint_id: endpoint._id, event_id: delivery.event_id, type: delivery.type, data: delivery.data, event_at: delivery.event_at },
  ]);
  return ok(toWebhookDelivery(doc!));
}
