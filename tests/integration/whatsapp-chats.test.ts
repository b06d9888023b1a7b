import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatsStartedPerService, countChatStarted } from "~/domain/whatsapp-chats.server";
import { updateSiteSettings } from "~/domain/settings.server";
import { WhatsAppChatModel } from "~/models/whatsapp-chat.server";
import * as go from "~/routes/go.whatsapp";
import { connectDb } from "~/server/db.server";
import { limits } from "~/server/rate-limit.server";
import { randomAddress } from "../support/addresses";
import { url } from "../support/factories";
import { call } from "../support/remix";

// Today's Get Started link on the Services page, written out: the redirect must lead to exactly this.
const WEBSITE_CHAT =
  "https://wa.me/12125550147?text=" +
  encodeURIComponent(
    "Hi Northbeam Studio! I'm interested in your Website Development service and would like to get started. Could we talk about my project?",
  );

function click(
  query: string,
  { method = "GET", headers = {}, address = randomAddress() } = {} as {
    method?: string;
    headers?: Record<string, string>;
    address?: string;
  },
) {
  const request = new Request(url(`/go/whatsapp${query}`), { method, headers: { "X-Forwarded-For": address, ...headers } });
  return call(go.loader, request);
}

const counters = () => WhatsAppChatModel.find().sort({ service: 1, page: 1 }).lean();
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await connectDb();
  await WhatsAppChatModel.init();
  await updateSiteSettings({ whatsappNumber: "+1 (212) 555-0147" });
});
beforeEach(async () => {
  await WhatsAppChatModel.deleteMany({});
});

describe("/go/whatsapp", () => {
  it("answers 302 to the same chat and prefilled text as the Services page's link, never stored by a cache, no cookie", async () => {
    const answer = await click("?service=website-development", { headers: { Referer: url("/services?service=website-development") } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(WEBSITE_CHAT);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("counts each chat on one counter per UTC day, service and page: the Referer's path on this site, or `from`", async () => {
    await click("?service=website-development", { headers: { Referer: url("/services?service=website-development") } });
    await click("?service=website-development", { headers: { Referer: url("/services") } });
    await click("?service=website-development&from=/case-studies/harbor-app", { headers: { Referer: url("/services") } });
    await click("?service=website-development", { headers: { Referer: "https://elsewhere.example/services" } });
    const stored = await counters();
    expect(stored.map(({ day, service, page, count }) => ({ day, service, page, count }))).toEqual([
      { day: today(), service: "website-development", page: "/case-studies/harbor-app", count: 1 },
      { day: today(), service: "website-development", page: "/services", count: 2 },
      { day: today(), service: "website-development", page: "unknown", count: 1 },
    ]);
  });

  it("counts parallel clicks from many clients on one counter, none lost", async () => {
    await Promise.all(Array.from({ length: 20 }, () => click("?service=website-development&from=/services")));
    const stored = await counters();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.count).toBe(20);
  });

  it("leads an unknown service to the plain chat, counted as other", async () => {
    const answer = await click("?service=not-a-service&from=/services");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("https://wa.me/12125550147");
    expect((await counters()).map(({ service, count }) => ({ service, count }))).toEqual([{ service: "other", count: 1 }]);
    expect((await click("")).headers.get("Location")).toBe("https://wa.me/12125550147");
  });

  it("does not count a HEAD or a prefetch", async () => {
    const head = await click("?service=website-development&from=/services", { method: "HEAD" });
    expect(head.status).toBe(302);
    expect(head.headers.get("Location")).toBe(WEBSITE_CHAT);
    await click("?service=website-development&from=/services", { headers: { "Sec-Purpose": "prefetch" } });
    await click("?service=website-development&from=/services", { headers: { Purpose: "prefetch" } });
    expect(await counters()).toEqual([]);
  });

  it("counts at most the cap per client address a day, and still leads past it to the chat", async () => {
    const address = randomAddress();
    const cap = limits.whatsappChat.points;
    for (let n = 0; n < cap + 5; n++) {
      const answer = await click("?service=website-development&from=/services", { address });
      expect(answer.headers.get("Location")).toBe(WEBSITE_CHAT);
    }
    await click("?service=website-development&from=/services");
    expect((await counters())[0]!.count).toBe(cap + 1);
  });
});

describe("chats started per service", () => {
  it("adds up the days of a date range, per service, most first", async () => {
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    await countChatStarted({ service: "website-development", page: "/services", at: day("2026-03-01") });
    await countChatStarted({ service: "website-development", page: "/", at: day("2026-03-02") });
    await countChatStarted({ service: "mobile-app-development", page: "/services", at: day("2026-03-02") });
    await countChatStarted({ service: "website-development", page: "/services", at: day("2026-03-04") });
    await countChatStarted({ service: "other", page: "unknown", at: day("2026-02-28") });
    expect(await chatsStartedPerService({ from: day("2026-03-01"), to: day("2026-03-03") })).toEqual([
      { service: "website-development", chats: 2 },
      { service: "mobile-app-development", chats: 1 },
    ]);
  });
});
