import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createWebhook, sendTestEvent, fireWebhookEvent, resendDelivery, listWebhookDeliveries } from "~/domain/webhooks.server";
import { webhookInput } from "~/domain/webhook-schemas";
import { WebhookDeliveryModel } from "~/models/webhook-delivery.server";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import { connectDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { checkWebhookTarget, webhookGuard, type Resolver, type WebhookNetwork } from "~/server/webhook-address.server";
import { postOnce, processWebhookDeliveries, sweepFinishedDeliveries, WEBHOOKS } from "~/server/webhook-delivery.server";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { testOrigin } from "../support/origin";

/**
 * Webhook deliveries (docs/api.md#webhooks, docs/security.md#webhooks, decision 0056). Every request goes to a server
 * on 127.0.0.1; the refusals of other addresses are checked on literal IPs and through a stubbed resolver, so no
 * delivery ever starts toward anything but loopback.
 */

vi.hoisted(() => {
  // Secrets are sealed, as on a server with TWO_FACTOR_KEY.
  process.env.TWO_FACTOR_KEY = Buffer.alloc(32, 9).toString("base64");
});

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

/** Loopback allowed: the network of these tests. */
const local: WebhookNetwork = { resolve: async () => ["127.0.0.1"], allowHttp: true, allowPrivate: true };
const strict = (resolve: Resolver = async () => ["93.184.216.34"]): WebhookNetwork => ({ resolve, allowHttp: false, allowPrivate: false });

const actor = { id: "64b7f0000000000000000001", name: "Hook Admin", email: "hooks@studio.test" };
const write = (network: WebhookNetwork = local) => ({
  origin: testOrigin(actor),
  secrets: ports.secrets,
  guard: webhookGuard(() => network),
});

async function endpoint(fields: Record<string, unknown> = {}, network: WebhookNetwork = local) {
  const result = await createWebhook(webhookInput.parse({ url: receiver.url(), events: ["lead.created"], ...fields }), write(network));
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

const run = (options: Parameters<typeof processWebhookDeliveries>[0] = {}) => processWebhookDeliveries({ network: local, ...options });
const deliveries = () => WebhookDeliveryModel.find().sort({ _id: 1 }).lean();

/** The verification snippet of docs/api.md, run as written there. */
function docsVerifier(): (rawBody: string, header: string, secret: string) => boolean {
  const docs = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const snippet = /<!-- verify-signature -->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1];
  if (!snippet) throw new Error("docs/api.md has no verify-signature snippet");
  const body = snippet.replace(/^import .*$/m, "");
  return new Function("createHmac", "timingSafeEqual", "Buffer", `${body}\nreturn verifyStudioSignature;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  );
}

beforeAll(async () => {
  await connectDb();
  await Promise.all([WebhookDeliveryModel.init(), WebhookEndpointModel.init()]);
});

beforeEach(async () => {
  await Promise.all([WebhookDeliveryModel.deleteMany({}), WebhookEndpointModel.deleteMany({})]);
  receiver.received.length = 0;
  receiver.answerWith((_request, response) => response.end("ok"));
});

describe("a delivery", () => {
  it("is a signed POST of { id, type, created_at, data } that the docs' snippet verifies", async () => {
    const hook = await endpoint();
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    // Sealed at rest: the stored value is not the secret.
    const stored = await WebhookEndpointModel.findById(hook.id).lean();
    expect(stored!.sealed).toBe(true);
    expect(stored!.secret).not.toContain(hook.secret);

    expect(await fireWebhookEvent("admin.created", { admin: { id: "1", name: "Ada", email: "ada@studio.test" } })).toBe(0);
    expect(await fireWebhookEvent("lead.created", { lead: lead("Grace") })).toBe(1);
    expect(await run()).toEqual({ delivered: 1, retried: 0, failed: 0 });

    const [request] = receiver.received;
    const [delivery] = await deliveries();
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      id: delivery!.event_id,
      type: "lead.created",
      created_at: delivery!.event_at.toISOString(),
      data: { lead: lead("Grace") },
    });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["studio-event"]).toBe("lead.created");
    expect(request!.headers["studio-delivery"]).toBe(delivery!._id.toString());
    const header = String(request!.headers["studio-signature"]);
    expect(header).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);

    const verify = docsVerifier();
    expect(verify(request!.body, header, hook.secret)).toBe(true);
    expect(verify(request!.body.replace("Grace", "Grace!"), header, hook.secret)).toBe(false);
    expect(verify(request!.body, header, `${hook.secret}x`)).toBe(false);

    expect(delivery).toMatchObject({ state: "delivered", attempts: 1, status_code: 200 });
    expect(delivery!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("is retried with backoff on a non-2xx answer, about an hour over 6 tries, then failed", async () => {
    const hook = await endpoint();
    receiver.answerWith((_request, response) => {
      response.statusCode = 500;
      response.end("down");
    });
    await fireWebhookEvent("lead.created", { lead: lead("Retry") });
    const start = new Date();
    let at = start;
    for (let attempt = 1; attempt <= WEBHOOKS.maxAttempts; attempt++) {
      const result = await run({ now: at });
      const [delivery] = await deliveries();
      expect(delivery!.attempts).toBe(attempt);
      expect(delivery!.status_code).toBe(500);
      if (attempt < WEBHOOKS.maxAttempts) {
        expect(result).toEqual({ delivered: 0, retried: 1, failed: 0 });
        const wait = delivery!.next_attempt_at.getTime() - at.getTime();
        expect(wait).toBe(WEBHOOKS.retryDelaysMs[attempt - 1]);
        // Not before its time.
        expect(await run({ now: new Date(delivery!.next_attempt_at.getTime() - 1000) })).toEqual({ delivered: 0, retried: 0, failed: 0 });
        at = delivery!.next_attempt_at;
      } else {
        expect(result).toEqual({ delivered: 0, retried: 0, failed: 1 });
        expect(delivery).toMatchObject({ state: "failed", last_error: "answered 500" });
      }
    }
    const spanMinutes = (at.getTime() - start.getTime()) / 60_000;
    expect(spanMinutes).toBeGreaterThanOrEqual(55);
    expect(spanMinutes).toBeLessThanOrEqual(70);
    expect(receiver.received).toHaveLength(6);
    // Every try is signed afresh over the same body.
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);

    // Send again: the same event in a new delivery.
    receiver.answerWith((_request, response) => response.end("ok"));
    const [failed] = await deliveries();
    const again = await resendDelivery(hook.id, failed!._id.toString());
    expect(again.ok && again.value.event_id).toBe(failed!.event_id);
    expect(await run()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(JSON.parse(receiver.received.at(-1)!.body).id).toBe(failed!.event_id);
    expect((await listWebhookDeliveries(hook.id))!.map((delivery) => delivery.state)).toEqual(["delivered", "failed"]);
  });

  it("is sent once per endpoint when two instances sweep at once", async () => {
    await endpoint();
    await endpoint({ url: receiver.url("/second") });
    for (let n = 0; n < 4; n++) await fireWebhookEvent("lead.created", { lead: lead(`Parallel ${n}`) });
    const runs = await Promise.all([run(), run()]);
    expect(runs.reduce((sum, one) => sum + one.delivered, 0)).toBe(8);
    const ids = receiver.received.map((request) => request.headers["studio-delivery"]);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    const events = receiver.received.map((request) => `${request.path} ${JSON.parse(request.body).id}`);
    expect(new Set(events).size).toBe(8);
  });

  it("to a Slack endpoint is { text }: the lead's name, service, first line and a link to it", async () => {
    await endpoint({ slack: true });
    await fireWebhookEvent("lead.created", {
      lead: { ...lead("Linus"), service: "web-design", message: "\nWe need a new shop.\nBudget is fine." },
    });
    await run();
    const body = JSON.parse(receiver.received[0]!.body);
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toContain("Linus <linus@example.test> about web-design");
    expect(body.text).toContain("> We need a new shop.");
    expect(body.text).not.toContain("Budget");
    expect(body.text).toContain(`${process.env.SITE_URL}/dashboard/messages/64b7f00000000000000000aa`);
  });

  it("follows no redirect: a 3xx is a failed try", async () => {
    await endpoint();
    receiver.answerWith((request, response) => {
      if (request.path === "/hook") {
        response.writeHead(302, { Location: receiver.url("/elsewhere") });
        response.end();
      } else response.end("ok");
    });
    await sendTestEvent((await WebhookEndpointModel.findOne().lean())!._id.toString());
    expect(await run()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect(receiver.received.map((request) => request.path)).toEqual(["/hook"]);
    expect(await deliveries()).toMatchObject([
      { state: "pending", status_code: 302, last_error: "answered 302: redirects are not followed" },
    ]);
  });

  it("gives up on an answer after the timeout", async () => {
    await endpoint();
    receiver.answerWith(() => undefined);
    await fireWebhookEvent("lead.created", { lead: lead("Slow") });
    expect(await run({ timeoutMs: 300 })).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ state: "pending", status_code: null, last_error: "no answer within 0.3 s" });
    expect(delivery!.duration_ms).toBeGreaterThanOrEqual(290);
    expect(WEBHOOKS.timeoutMs).toBe(5_000);
  });

  it("reads at most 64 KB of the answer", async () => {
    let closedEarly = false;
    receiver.answerWith((_request, response) => {
      response.on("close", () => (closedEarly = !response.writableFinished));
      response.writeHead(200, { "Content-Type": "text/plain" });
      const chunk = "x".repeat(16 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 4 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end();
      };
      more();
    });
    const checked = await checkWebhookTarget(receiver.url(), local);
    if (!checked.ok) throw new Error(checked.reason);
    const answer = await postOnce(checked.target, "{}", {}, 5_000);
    expect(answer).toEqual({ status: 200, bytesRead: WEBHOOKS.maxAnswerBytes });
    await vi.waitFor(() => expect(closedEarly).toBe(true));
  });
});

describe("no server-side request forgery", () => {
  it("refuses private, loopback, link-local, metadata and mapped addresses when a webhook is saved", async () => {
    const refusedUrls = [
      "https://127.0.0.1/hook",
      "https://127.1.2.3/hook",
      "https://10.0.0.1/hook",
      "https://172.16.5.4/hook",
      "https://172.31.255.255/hook",
      "https://192.168.1.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/hook",
      "https://0.0.0.0/hook",
      "https://[::1]/hook",
      "https://[::]/hook",
      "https://[fc00::1]/hook",
      "https://[fd12:3456::1]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:169.254.169.254]/hook",
      "https://[::ffff:7f00:1]/hook",
      "https://[::ffff:10.1.2.3]/hook",
      "https://[64:ff9b::a9fe:a9fe]/hook",
    ];
    for (const url of refusedUrls) {
      const result = await createWebhook(webhookInput.parse({ url, events: ["lead.created"] }), write(strict()));
      expect(result, url).toEqual({ ok: false, reason: "webhook-url-private" });
    }
    const cases: [string, string][] = [
      ["http://93.184.216.34/hook", "webhook-url-scheme"],
      ["ftp://93.184.216.34/hook", "webhook-url-scheme"],
      ["https://user:pass@93.184.216.34/hook", "webhook-url-invalid"],
      ["not a url", "webhook-url-invalid"],
    ];
    for (const [url, reason] of cases) {
      expect(await createWebhook(webhookInput.parse({ url, events: ["lead.created"] }), write(strict()))).toEqual({ ok: false, reason });
    }
    // A public address and a public name are fine (nothing connects when saving).
    for (const url of [
      "https://93.184.216.34/hook",
      "https://172.32.0.1/hook",
      "https://[2606:4700::1111]/hook",
      "https://hooks.example.test/x",
    ])
      expect((await createWebhook(webhookInput.parse({ url, events: ["lead.created"] }), write(strict()))).ok, url).toBe(true);
    // A name that resolves to a private address among public ones, or to none.
    const mixed = strict(async () => ["93.184.216.34", "10.0.0.7"]);
    expect(await createWebhook(webhookInput.parse({ url: "https://mixed.example.test", events: ["lead.created"] }), write(mixed))).toEqual({
      ok: false,
      reason: "webhook-url-private",
    });
    const nowhere = strict(async () => {
      throw new Error("ENOTFOUND");
    });
    expect(await createWebhook(webhookInput.parse({ url: "https://gone.example.test", events: ["lead.created"] }), write(nowhere))).toEqual(
      {
        ok: false,
        reason: "webhook-url-unresolved",
      },
    );
  });

  it("checks the address again at each delivery: a name that now resolves to the metadata address is never reached", async () => {
    let answer = ["93.184.216.34"];
    const resolver: Resolver = async () => answer;
    await endpoint({ url: "https://hooks.example.test/studio" }, strict(resolver));
    await fireWebhookEvent("lead.created", { lead: lead("Rebound") });
    for (const address of ["169.254.169.254", "127.0.0.1", "::ffff:169.254.169.254", "10.0.0.5"]) {
      answer = [address];
      await WebhookDeliveryModel.updateMany({}, { $set: { next_attempt_at: new Date(0) } });
      expect(await processWebhookDeliveries({ network: strict(resolver) })).toEqual({ delivered: 0, retried: 1, failed: 0 });
      expect(await deliveries()).toMatchObject([
        { state: "pending", status_code: null, last_error: "address refused: webhook-url-private" },
      ]);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it("connects to the address it checked, not to what the name resolves to later", async () => {
    let calls = 0;
    // The first answer is checked and used; a second lookup (a rebinding attack's) would say something else.
    const resolver: Resolver = async () => (++calls === 1 ? ["127.0.0.1"] : ["169.254.169.254"]);
    const network = { ...local, resolve: resolver };
    await endpoint({ url: receiver.url().replace("127.0.0.1", "hooks.localhost.test") }, { ...local, resolve: async () => ["127.0.0.1"] });
    await fireWebhookEvent("lead.created", { lead: lead("Pinned") });
    expect(await processWebhookDeliveries({ network })).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(calls).toBe(1);
    expect(receiver.received[0]!.headers.host).toMatch(/^hooks\.localhost\.test:\d+$/);
  });
});

describe("the record of deliveries", () => {
  it("keeps finished deliveries a week, and at most the newest 100 of an endpoint", async () => {
    const hook = await endpoint();
    const now = new Date();
    const base = {
      endpoint_id: hook.id,
      event_id: "evt_x",
      type: "lead.created",
      data: {},
      event_at: now,
      state: "delivered",
      attempts: 1,
      next_attempt_at: now,
    };
    await WebhookDeliveryModel.insertMany(
      Array.from({ length: 104 }, (_, n) => ({ ...base, created_at: new Date(now.getTime() - n * 1000), finished_at: now })),
    );
    await WebhookDeliveryModel.insertMany([
      { ...base, state: "pending", created_at: new Date(now.getTime() - 500_000) },
      { ...base, state: "failed", finished_at: new Date(now.getTime() - WEBHOOKS.keepFinishedMs - 1000) },
    ]);
    expect(await sweepFinishedDeliveries(now)).toBe(5);
    expect(await WebhookDeliveryModel.countDocuments({ state: "delivered" })).toBe(100);
    expect(await WebhookDeliveryModel.countDocuments({ state: "pending" })).toBe(1);
    const oldestKept = await WebhookDeliveryModel.findOne({ state: "delivered" }).sort({ created_at: 1 }).lean();
    expect(now.getTime() - oldestKept!.created_at.getTime()).toBe(99_000);
  });
});

function lead(name: string) {
  return {
    id: "64b7f00000000000000000aa",
    name,
    email: `${name.toLowerCase()}@example.test`,
    message: "Hello",
    status: "new",
    owner_id: null,
    service: null,
    created_at: "2026-01-02T03:04:05.000Z",
  };
}
