import { beforeAll, describe, expect, it } from "vitest";
import { findTokenAdmin, issueToken } from "~/domain/api-tokens.server";
import { ApiTokenModel } from "~/models/api-token.server";
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
});
