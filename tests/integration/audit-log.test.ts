import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_RETENTION_MS, listAuditEvents, recordAudit } from "~/domain/audit-log.server";
import { AuditEventModel } from "~/models/audit-event.server";
import { audit } from "~/server/audit.server";
import { connectDb } from "~/server/db.server";
import { sweepExpired } from "~/server/sweeper.server";

beforeAll(() => connectDb());
beforeEach(() => AuditEventModel.deleteMany({}));

const ada = { id: "64b7f0c2a1b2c3d4e5f60718", name: "Ada", email: "ada@studio.test" };
const origin = { address: "203.0.113.9", userAgent: "Test browser" };
const at = (iso: string) => new Date(iso);

describe("the audit log's records", () => {
  it("lists newest first with who, what, on what and from where, filtered by who, what and when, in pages", async () => {
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: at("2026-11-01T10:00:00Z") });
    await recordAudit({ action: "sign-in.failed", email: "Nobody@Studio.test", ...origin, at: at("2026-11-02T10:00:00Z") });
    await recordAudit({
      action: "case-study.deleted",
      actor: ada,
      target: { type: "case-study", id: "abc", label: "Quillstack" },
      ...origin,
      at: at("2026-11-03T10:00:00Z"),
    });

    const all = await listAuditEvents({}, { perPage: 2 });
    expect(all).toMatchObject({ total: 3, pageCount: 2 });
    expect(all.items.map((event) => event.action)).toEqual(["case-study.deleted", "sign-in.failed"]);
    expect(all.items[0]).toMatchObject({
      label: "Case study deleted",
      actor: { id: ada.id, name: "Ada <ada@studio.test>" },
      target: { type: "case-study", id: "abc", label: "Quillstack" },
      address: "203.0.113.9",
      user_agent: "Test browser",
      at: "2026-11-03T10:00:00.000Z",
    });
    expect(all.items[1]).toMatchObject({ actor: { id: null, name: "" }, email: "nobody@studio.test" });

    expect((await listAuditEvents({ actorId: ada.id }, { perPage: 10 })).total).toBe(2);
    expect((await listAuditEvents({ action: "sign-in" }, { perPage: 10 })).items.map((event) => event.at)).toEqual(["2026-11-01T10:00:00.000Z"]);
    const window = await listAuditEvents({ from: at("2026-11-02T00:00:00Z"), to: at("2026-11-03T00:00:00Z") }, { perPage: 10 });
    expect(window.items.map((event) => event.action)).toEqual(["sign-in.failed"]);
  });

  it("keeps an entry one year, then the sweep removes it", async () => {
    const now = Date.now();
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: new Date(now - AUDIT_RETENTION_MS - 60_000) });
    await recordAudit({ action: "sign-in", actor: ada, ...origin, at: new Date(now - AUDIT_RETENTION_MS + 60_000) });
    expect((await sweepExpired(new Date(now))).audit_events).toBe(1);
    expect(await AuditEventModel.countDocuments({})).toBe(1);
  });

  it("takes the address only through TRUST_PROXY and the browser as it says, clipped", async () => {
    const request = new Request("http://localhost/x", { headers: { "User-Agent": "A".repeat(400), "X-Forwarded-For": "198.51.100.7" } });
    await audit(request, "sign-out", { actor: ada });
    const [entry] = await AuditEventModel.find({}).lean();
    expect(entry!.user_agent).toHaveLength(300);
    expect(entry!.address).not.toBe("");
  });
});
