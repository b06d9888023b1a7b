import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import { configurePasswordPool, passwordPool } from "~/server/passwords.server";
import * as apiLogin from "~/routes/api.login";
import * as loginRoute from "~/routes/login";
import { connectDb } from "~/server/db.server";
import { getOpenApiDocument } from "~/routes/__openapi.server";
import { randomAddress } from "../support/addresses";
import { refusal } from "../support/form-replies";
import { call } from "../support/remix";
import { apiRequest, url } from "../support/factories";

/**
 * When too many password checks are running or waiting, a sign-in is refused with 503 and Retry-After,
 * through the form (the email kept) and POST /api/login, and the refusal is not a failed attempt.
 */
const email = "busy@studio.test";
const password = "the-right-password";

function signIn(pass: string, from: string) {
  return call(
    loginRoute.action,
    new Request(url("/login"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": from },
      body: new URLSearchParams({ email, password: pass }),
    }),
  );
}

function apiSignIn(pass: string, from: string) {
  return call(
    apiLogin.action,
    apiRequest("/api/login", { method: "POST", json: { email, password: pass }, headers: { "X-Forwarded-For": from } }),
  );
}

/** A pool whose one worker is busy for seconds and where no check may wait: every check is refused. */
async function saturated() {
  await configurePasswordPool({ size: 1, maxQueued: 0, maxWaitMs: 1_000 });
  // A hash is never refused; at cost 16 it holds the worker for several seconds. Ended by the next configure.
  void passwordPool()
    .hash("keeps the worker busy", 16)
    .catch(() => undefined);
}

beforeAll(async () => {
  await connectDb();
  const created = await createTestAdmin({ name: "Busy", email, password });
  if (!created.ok) throw new Error(created.reason);
});

afterAll(async () => {
  await configurePasswordPool();
});

describe("a saturated password pool", () => {
  it("answers the sign-in form 503 with Retry-After and the message, keeping the typed email", async () => {
    await saturated();
    const result = await signIn("wrong-password", randomAddress());
    expect(result.status).toBe(503);
    expect(result.headers.get("Retry-After")).toBe("1");
    expect(refusal(result.data)).toMatchObject({ message: messages.signInBusy, values: { email } });
    // The page's headers keep the Retry-After of the action.
    const headers = loginRoute.headers({ actionHeaders: result.headers } as Parameters<typeof loginRoute.headers>[0]) as Headers;
    expect(headers.get("Retry-After")).toBe("1");
  });

  it("answers POST /api/login 503 with Retry-After and the message, as documented", async () => {
    await saturated();
    const result = await apiSignIn(password, randomAddress());
    expect(result.status).toBe(503);
    expect(result.headers.get("Retry-After")).toBe("1");
    expect(result.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(result.data).toEqual({ message: messages.signInBusy });

    const document = getOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }>>;
      components: { schemas: Record<string, { properties: { message: { enum?: string[] } } }> };
    };
    const ref = document.paths["/api/login"]!.post!.responses["503"]!.content["application/json"]!.schema.$ref;
    expect(document.components.schemas[ref.split("/").pop()!]!.properties.message.enum).toContain(messages.signInBusy);
  });

  it("does not count a refused check as a failed attempt", async () => {
    await saturated();
    const from = randomAddress();
    // More refusals than the 5 failures the pair may have.
    for (let attempt = 0; attempt < 4; attempt++) expect((await signIn(`wrong-${attempt}`, from)).status).toBe(503);
    for (let attempt = 0; attempt < 4; attempt++) expect((await apiSignIn(`wrong-${attempt}`, from)).status).toBe(503);
    await configurePasswordPool();
    expect((await signIn(password, from)).status).toBe(302);
  }, 30_000);

  it("signs in again once checks are free", async () => {
    await configurePasswordPool();
    const from = randomAddress();
    expect((await signIn("wrong-password", from)).status).toBe(401);
    expect((await apiSignIn(password, from)).status).toBe(200);
  });
});
