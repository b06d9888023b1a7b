import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { getPublishedContent } from "~/domain/site-content.server";
import { slackText } from "~/domain/webhook-events";
import { onWebhookDeliveriesQueued, openSecret } from "~/domain/webhooks.server";
import { WebhookDeliveryModel, type WebhookDeliveryDoc } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import { getEnv } from "./env.server";
import { ports } from "./ports.server";
import { claimNextDue, queueWorker } from "./queue-claim.server";
import { checkWebhookTarget, webhookNetwork, type CheckedTarget, type WebhookNetwork } from "./webhook-address.server";

// The webhook queue (decision 0056), as the mail outbox: each delivery is claimed by one conditional update, so with
// several instances sweeping at once one of them sends it; an instance dying mid-send leaves a claim another takes over
// after lockMs, so a receiver may see a delivery twice, with the same Studio-Delivery id.
export const WEBHOOKS = {
  intervalMs: 10_000,
  /** Well past a try's own bound (timeoutMs). */
  lockMs: 30_000,
  timeoutMs: 5_000,
  /** The wait after try n (1-based) failed: about an hour from the first try to the last. */
  retryDelaysMs: [60_000, 2 * 60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000],
  maxAttempts: 6,
  /** At most this much of an answer is read; the rest is never received. */
  maxAnswerBytes: 64 * 1024,
  perRun: 20,
  /** Finished deliveries are kept a week, and at most this many per endpoint (the embedded engine slows as a collection grows). */
  keepFinishedMs: 7 * 24 * 3_600_000,
  keepPerEndpoint: 100,
} as const;

export type WebhookRun = { delivered: number; retried: number; failed: number };

/** How a run reaches the network; tests give their own resolver, flags and timeout. */
export type DeliveryOptions = { now?: Date; limit?: number; network?: WebhookNetwork; timeoutMs?: number };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/api.md#verifying-a-signature). */
function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

export type Answer = { status: number; bytesRead: number };

/**
 * One POST to the checked address (SNI and Host stay the URL's host); no redirect is followed, at most
 * WEBHOOKS.maxAnswerBytes of the answer are read, and the whole exchange is bounded by `timeoutMs`.
 */
export function postOnce(target: CheckedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Answer> {
  const { url, address, family } = target;
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "POST",
      lookup: pinned,
      agent: false,
      headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const done = (error: Error | null, answer?: Answer) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    request.on("error", (error) => done(error));
    request.on("response", (response) => {
      let bytesRead = 0;
      const finish = () => done(null, { status: response.statusCode ?? 0, bytesRead });
      response.on("data", (chunk: Buffer) => {
        bytesRead += chunk.length;
        if (bytesRead >= WEBHOOKS.maxAnswerBytes) {
          bytesRead = Math.min(bytesRead, WEBHOOKS.maxAnswerBytes);
          response.destroy();
          request.destroy();
          finish();
        }
      });
      response.on("end", finish);
      response.on("error", () => finish());
    });
    request.end(body);
  });
}

/** Safe on several instances (or twice in one) at once. */
export async function processWebhookDeliveries(options: DeliveryOptions = {}): Promise<WebhookRun> {
  const run: WebhookRun = { delivered: 0, retried: 0, failed: 0 };
  const clock = () => options.now ?? new Date();
  const limit = options.limit ?? WEBHOOKS.perRun;
  for (let count = 0; count < limit; count++) {
    const delivery = await claimNextDue(WebhookDeliveryModel, "state", { now: clock(), lockMs: WEBHOOKS.lockMs });
    if (!delivery) break;
    run[await deliver(delivery, clock, options)]++;
  }
  return run;
}

async function bodyOf(delivery: WebhookDeliveryDoc, slack: boolean): Promise<string> {
  if (slack) {
    const siteName = (await getPublishedContent()).brand.name;
    return JSON.stringify({ text: slackText(delivery.type, delivery.data, getEnv().SITE_URL, siteName) });
  }
  return JSON.stringify({ id: delivery.event_id, type: delivery.type, created_at: delivery.event_at.toISOString(), data: delivery.data });
}

async function deliver(delivery: WebhookDeliveryDoc, clock: () => Date, options: DeliveryOptions): Promise<keyof WebhookRun> {
  // Every write below holds only while the claim is this one: a later claim has raised `attempts`.
  const mine = { _id: delivery._id, state: "sending" as const, attempts: delivery.attempts };
  const finish = async (state: "delivered" | "failed", set: Record<string, unknown>) => {
    await WebhookDeliveryModel.updateOne(mine, { $set: { state, locked_until: null, finished_at: clock(), ...set } });
    return state;
  };
  const retryOrFail = async (reason: string, set: Record<string, unknown> = {}): Promise<keyof WebhookRun> => {
    if (delivery.attempts >= WEBHOOKS.maxAttempts) return finish("failed", { last_error: reason, ...set });
    const next = new Date(clock().getTime() + WEBHOOKS.retryDelaysMs[delivery.attempts - 1]!);
    await WebhookDeliveryModel.updateOne(mine, {
      $set: { state: "pending", next_attempt_at: next, locked_until: null, last_error: reason, ...set },
    });
    return "retried";
  };

  // The last try's instance died mid-send.
  if (delivery.attempts > WEBHOOKS.maxAttempts) return finish("failed", { last_error: delivery.last_error ?? "gave up" });
  const endpoint = await WebhookEndpointModel.findById(delivery.endpoint_id).lean();
  if (!endpoint) return finish("failed", { last_error: "the webhook was deleted" });
  const secret = openSecret(endpoint, ports.secrets);
  if (secret === null) return finish("failed", { last_error: "the webhook's secret does not open with this server's key" });

  const checked = await checkWebhookTarget(endpoint.url, options.network ?? webhookNetwork());
  if (!checked.ok) return retryOrFail(`address refused: ${checked.reason}`, { status_code: null, duration_ms: null });

  const body = await bodyOf(delivery, endpoint.slack);
  const started = Date.now();
  try {
    const answer = await postOnce(
      checked.target,
      body,
      {
        "User-Agent": "Studio-Webhooks/1",
        "Studio-Event": delivery.type,
        "Studio-Delivery": delivery._id.toString(),
        "Studio-Signature": signature(secret, body, clock()),
      },
      options.timeoutMs ?? WEBHOOKS.timeoutMs,
    );
    const measured = { status_code: answer.status, duration_ms: Date.now() - started };
    if (answer.status >= 200 && answer.status < 300) return finish("delivered", { ...measured, last_error: null });
    const reason =
      answer.status >= 300 && answer.status < 400 ? `answered ${answer.status}: redirects are not followed` : `answered ${answer.status}`;
    return retryOrFail(reason, measured);
  } catch (error) {
    return retryOrFail((error as Error).message.slice(0, 300), { status_code: null, duration_ms: Date.now() - started });
  }
}

const worker = queueWorker(
  "webhook-loop",
  () => processWebhookDeliveries(),
  (error) => `Webhooks: ${(error as Error).message}`,
);

export function startWebhookDeliveries(intervalMs: number = WEBHOOKS.intervalMs): void {
  onWebhookDeliveriesQueued(() => void worker.kick());
  worker.every(intervalMs);
}

/** Finished deliveries past a week, and past the newest keepPerEndpoint of each endpoint. */
export async function sweepFinishedDeliveries(now = new Date()): Promise<number> {
  const finished = { state: { $in: ["delivered" as const, "failed" as const] } };
  let removed = (
    await WebhookDeliveryModel.deleteMany({ ...finished, finished_at: { $lte: new Date(now.getTime() - WEBHOOKS.keepFinishedMs) } })
  ).deletedCount;
  for (const endpoint of await WebhookEndpointModel.find().select({ _id: 1 }).lean()) {
    const oldestKept = await WebhookDeliveryModel.findOne({ ...finished, endpoint_id: endpoint._id })
      .sort({ created_at: -1, _id: -1 })
      .skip(WEBHOOKS.keepPerEndpoint - 1)
      .lean();
    if (!oldestKept) continue;
    removed += (
      await WebhookDeliveryModel.deleteMany({
        ...finished,
        endpoint_id: endpoint._id,
        $or: [{ created_at: { $lt: oldestKept.created_at } }, { created_at: oldestKept.created_at, _id: { $lt: oldestKept._id } }],
      })
    ).deletedCount;
  }
  return removed;
}
