import type { LoaderFunctionArgs } from "@remix-run/node";
import mongoose from "mongoose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "~/domain/access.server";
import { SettingModel } from "~/models/setting.server";
import * as validate from "~/routes/api.validate-token";
import * as dashboard from "~/routes/dashboard";
import * as overview from "~/routes/dashboard._index";
import { connectDb } from "~/server/db.server";
import { apiRequest } from "../support/factories";
import { call, get } from "../support/remix";
import { signedInAdmin } from "../support/session";

/** Who a request is: one query for the session (or token), its admin and the two-factor rule, whatever reads it. */

const WHO = new Set(["sessions", "api_tokens", "admins", "settings"]);
let reads: string[] = [];

beforeAll(async () => {
  await connectDb();
  mongoose.set("debug", (collection: string, method: string, query?: { key?: unknown }) => {
    // A setting's key is named, so a page's own setting is told apart from the two-factor rule.
    if (WHO.has(collection)) reads.push(`${collection}.${method}${typeof query?.key === "string" ? `(${query.key})` : ""}`);
  });
});

afterEach(() => {
  reads = [];
});

type Loader = (args: LoaderFunctionArgs) => unknown;

/** Runs loaders as Remix runs one request's: each with its own Request, all with the request's one load context. */
async function oneRequest(path: string, cookie: string, loaders: Loader[]) {
  const context = {};
  return Promise.all(
    loaders.map((loader) =>
      Promise.resolve(loader({ request: get(path, cookie), params: {}, context })).then(
        () => 200,
        (thrown: unknown) => (thrown instanceof Response ? thrown.status : Promise.reject(thrown)),
      ),
    ),
  );
}

describe("a dashboard page", () => {
  it("reads the session with its admin once for the layout's and the page's loaders", async () => {
    const { cookie } = await signedInAdmin();
    reads = [];
    expect(await oneRequest("/dashboard", cookie, [dashboard.loader, overview.loader])).toEqual([200, 200]);
    // The layout reads the studio's time zone and the overview its speed to lead setting; who the request is stays one read.
    expect(reads.sort()).toEqual(["sessions.aggregate", "settings.findOne(leadWaitHours)", "settings.findOne(timeZone)"]);
  });

  it("still sends an admin without two-factor sign-in to set it up when it is required, from that one read", async () => {
    const { cookie } = await signedInAdmin();
    await SettingModel.updateOne({ key: "requireTwoFactor" }, { $set: { value: "true" } }, { upsert: true });
    try {
      reads = [];
      expect(await oneRequest("/dashboard", cookie, [dashboard.loader, overview.loader])).toEqual([302, 302]);
      expect(reads).toEqual(["sessions.aggregate"]);
    } finally {
      await SettingModel.deleteOne({ key: "requireTwoFactor" });
    }
  });

  it("reads again in the next request: nothing is kept beyond one", async () => {
    const { cookie } = await signedInAdmin();
    reads = [];
    await oneRequest("/dashboard", cookie, [dashboard.loader]);
    await oneRequest("/dashboard", cookie, [dashboard.loader]);
    expect(reads.filter((read) => read.startsWith("sessions"))).toEqual(["sessions.aggregate", "sessions.aggregate"]);
  });
});

describe("an API call with a bearer token", () => {
  it("reads the token with its admin in one query", async () => {
    const { admin } = await signedInAdmin();
    const { token } = await issueToken(admin.id);
    reads = [];
    expect((await call(validate.loader, apiRequest("/api/validate-token", { token }))).status).toBe(200);
    expect(reads).toEqual(["api_tokens.aggregate"]);
  });
});
