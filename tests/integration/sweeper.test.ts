import { beforeAll, describe, expect, it } from "vitest";
import { findTokenAdmin, issueToken } from "~/domain/access.server";
import { ApiTokenModel } from "~/models/api-token.server";
import { CaptchaNonceModel } from "~/models/captcha-nonce.server";
import mongoose from "mongoose";
import { count, peek, RATE_LIMIT_COLLECTION } from "~/server/rate-limit.server";
import { connectDb } from "~/server/db.server";
import { sweepExpired } from "~/server/sweeper.server";
import { signedInAdmin } from "../support/session";

beforeAll(() => connectDb());

describe("sweepExpired", () => {
  it("deletes expired records and keeps live ones, without relying on TTL indexes", async () => {
    const { admin } = await signedInAdmin();
    const old = await issueToken(admin.id, Date.now() - 5 * 60 * 60 * 1000);
    const fresh = await issueToken(admin.id);
    expect(await ApiTokenModel.countDocuments({ admin_id: admin.id })).toBe(2);

    const removed = await sweepExpired();
    expect(removed.api_tokens).toBeGreaterThanOrEqual(1);
    expect(await ApiTokenModel.countDocuments({ admin_id: admin.id })).toBe(1);
    expect(await findTokenAdmin(fresh.token)).not.toBeNull();
    expect(await findTokenAdmin(old.token)).toBeNull();
  });

  it("removes used captcha nonces and rate-limit counters whose time has passed", async () => {
    await CaptchaNonceModel.create([
      { _id: "old-nonce-0000000", expires_at: new Date(Date.now() - 1000) },
      { _id: "live-nonce-000000", expires_at: new Date(Date.now() + 60_000) },
    ]);
    await count("contactSent", "2001:db8::5");
    const counters = mongoose.connection.collection(RATE_LIMIT_COLLECTION);
    await counters.insertOne({ key: "contactSent:2001:db8::6", points: 3, expire: new Date(Date.now() - 1000) });

    const removed = await sweepExpired();
    expect(removed.captcha_nonces).toBe(1);
    expect(removed.rate_limits).toBe(1);
    expect(await CaptchaNonceModel.exists({ _id: "live-nonce-000000" })).toBeTruthy();
    expect(await counters.countDocuments({ key: "contactSent:2001:db8::6" })).toBe(0);
    expect((await peek("contactSent", "2001:db8::5")).limited).toBe(false);
    expect(await counters.countDocuments({ key: "contactSent:2001:db8::5" })).toBe(1);
  });
});
