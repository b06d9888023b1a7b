import { randomBytes } from "node:crypto";
import { generateTOTP } from "@epic-web/totp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "~/domain/permissions";
import { listAuditEvents, type AuditAction } from "~/domain/audit-log.server";
import { messages } from "~/domain/messages";
import { checkSecondFactor, currentCredentialStamp, hashRecoveryCode, readCode, TOTP } from "~/domain/two-factor.server";
import { AdminModel } from "~/models/admin.server";
import { MailOutboxModel } from "~/models/mail-outbox.server";
import * as apiLogin from "~/routes/api.login";
import * as apiLogout from "~/routes/api.logout";
import * as apiValidate from "~/routes/api.validate-token";
import * as dashboard from "~/routes/dashboard";
import * as accountRoute from "~/routes/dashboard.account";
import * as twoFactorRoute from "~/routes/dashboard.account_.two-factor";
import * as settingsRoute from "~/routes/dashboard.settings";
import * as editAdminRoute from "~/routes/dashboard.users_.$id.edit";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import { updateAdmin } from "~/domain/admins.server";
import { issueToken } from "~/domain/access.server";
import { adminUpdateInput } from "~/domain/schemas";
import { getSiteSettings } from "~/domain/settings.server";
import { TWO_FACTOR_SETUP_PATH } from "~/server/auth.server";
import { connectDb } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { outboxIdle } from "~/server/mail-outbox.server";
import { ports } from "~/server/ports.server";
import { peek } from "~/server/rate-limit.server";
import { SIGN_IN_STEP_MS, startSignInChallenge } from "~/server/sign-in-challenge.server";
import { randomAddress } from "../support/addresses";
import { testOrigin } from "../support/origin";
import { apiRequest, url } from "../support/factories";
import { refusal, sentByScript } from "../support/form-replies";
import { call, cookiesFrom, get } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { startSmtpSink } from "../support/smtp";

/**
 * Two-factor sign-in (docs/behaviour.md#two-factor-sign-in) through the real routes, with codes computed from the secret
 * the setup page shows, as an authenticator app would.
 */

const PASSWORD = "test-password";
const env = getEnv();
const original = { TWO_FACTOR_KEY: env.TWO_FACTOR_KEY, SMTP_URL: env.SMTP_URL };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  await connectDb();
  env.TWO_FACTOR_KEY = randomBytes(32).toString("base64");
  smtp = await startSmtpSink();
});

afterAll(async () => {
  await outboxIdle();
  Object.assign(env, original);
  await smtp.close();
});

afterEach(() => vi.restoreAllMocks());

/** The app's code for now, or for `steps` periods later (still inside the accepted window of one step). */
async function codeFor(secret: string, steps = 0): Promise<string> {
  if (steps) vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + steps * TOTP.period * 1000 });
  try {
    return (await generateTOTP({ secret, period: TOTP.period, digits: TOTP.digits, algorithm: TOTP.algorithm })).otp;
  } finally {
    vi.useRealTimers();
  }
}

function post(path: string, fields: Record<string, string>, { cookie = "", from = "" } = {}): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Test browser/1.0" };
  if (cookie) headers.Cookie = cookie;
  if (from) headers["X-Forwarded-For"] = from;
  return new Request(url(path), { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

const page = (cookie: string) => call(twoFactorRoute.loader, get(TWO_FACTOR_SETUP_PATH, cookie));
const pageData = async (cookie: string) =>
  (await page(cookie)).data as { on: boolean; recoveryLeft: number; setup: { key: string; qrCode: string } | null; required: boolean };

/** Turns two-factor sign-in on from the account page, as an admin would: start, read the key, confirm with a code. */
async function turnOn(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "start" }, { cookie }));
  expect(started.status).toBe(302);
  const secret = (await pageData(cookie)).setup!.key.replace(/ /g, "");
  const confirmed = await call(
    twoFactorRoute.action,
    post(TWO_FACTOR_SETUP_PATH, { intent: "confirm", code: await codeFor(secret) }, { cookie }),
  );
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes };
}

async function adminWithTwoFactor(role?: Role) {
  const signed = await signedInAdmin(undefined, undefined, role);
  return { ...signed, ...(await turnOn(signed.cookie)) };
}

const passwordStep = (email: string, from: string, password = PASSWORD) =>
  call(loginRoute.action, post("/login", { email, password }, { from }));
const codeStep = (challenge: string, code: string, from: string) =>
  call(loginRoute.action, post("/login", { intent: "code", code }, { cookie: challenge, from }));

/** The password step of an admin with two-factor sign-in on: the cookie that carries them to the code step. */
async function challengeFor(email: string, from: string): Promise<string> {
  const result = await passwordStep(email, from);
  expect(result.status).toBe(302);
  expect(result.headers.get("Location")).toBe("/login");
  return cookiesFrom(result.headers);
}

async function events(action: AuditAction, actorId?: string) {
  return (await listAuditEvents({ action, actorId }, { perPage: 50 })).items;
}

describe("turning two-factor sign-in on", () => {
  it("shows a QR code and the key as text, keeps the unconfirmed secret sealed on the record, and turns on with a first code", async () => {
    const { admin, cookie } = await signedInAdmin();
    expect(await pageData(cookie)).toMatchObject({ on: false, setup: null });
    expect((await call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "start" }, { cookie }))).headers.get("Location")).toBe(
      TWO_FACTOR_SETUP_PATH,
    );
    const { setup } = await pageData(cookie);
    expect(setup!.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = setup!.key.replace(/ /g, "");
    expect(Buffer.from(setup!.qrCode.replace("data:image/svg+xml;base64,", ""), "base64").toString()).toMatch(/^<svg /);
    // Until confirmed, the secret waits on the admin's record, sealed: never in plain text, never in a process.
    const pending = (await AdminModel.findById(admin.id).lean())!.two_factor!;
    expect(pending.pending).toMatch(/^v1\./);
    expect(JSON.stringify(pending)).not.toContain(secret);
    expect(pending.secret ?? null).toBeNull();

    const wrong = await call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "confirm", code: "000000" }, { cookie }));
    expect(wrong.status).toBe(422);
    expect(refusal(wrong.data).errors).toEqual({ code: [messages.twoFactorCodeInvalid] });

    const confirmed = await call(
      twoFactorRoute.action,
      sentByScript(post(TWO_FACTOR_SETUP_PATH, { intent: "confirm", code: await codeFor(secret) }, { cookie })),
    );
    const codes = (confirmed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // Only their hashes are kept, each unused; the secret moved from pending, still sealed.
    const stored = (await AdminModel.findById(admin.id).lean())!.two_factor!;
    expect(Object.keys(stored.recovery).sort()).toEqual(codes.map((code) => hashRecoveryCode(readCode(code)!.code)).sort());
    expect(Object.values(stored.recovery).every((used) => used === false)).toBe(true);
    expect(stored).toMatchObject({ secret: pending.pending, pending: null });
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    expect(await pageData(cookie)).toMatchObject({ on: true, recoveryLeft: 10, setup: null });
    expect((await call(accountRoute.loader, get("/dashboard/account", cookie))).data).toMatchObject({ twoFactorOn: true });
    expect(await events("two-factor.enabled", admin.id)).toHaveLength(1);
  });

  it("refuses a setup that has expired or was never started", async () => {
    const { admin, cookie } = await signedInAdmin();
    const never = await call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "confirm", code: "123456" }, { cookie }));
    expect(never.status).toBe(302);
    await call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "start" }, { cookie }));
    const secret = (await pageData(cookie)).setup!.key.replace(/ /g, "");
    await AdminModel.updateOne({ _id: admin.id }, { $set: { "two_factor.pending_until": new Date(Date.now() - 1000) } });
    expect((await pageData(cookie)).setup).toBeNull();
    const late = await call(
      twoFactorRoute.action,
      post(TWO_FACTOR_SETUP_PATH, { intent: "confirm", code: await codeFor(secret) }, { cookie }),
    );
    expect(late.status).toBe(302);
    expect((await pageData(cookie)).on).toBe(false);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks for a code after the password, carried by a signed cookie, and accepts each code once", async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const from = randomAddress();
    const challenge = await challengeFor(admin.email, from);
    expect(challenge).toContain("__sign_in_code=");
    expect(challenge).not.toContain("__session=");
    expect((await call(loginRoute.loader, get("/login", challenge))).data).toEqual({ step: "code" });
    // Any instance reads the step from the cookie alone; an altered cookie is no step at all.
    expect((await call(loginRoute.loader, get("/login", challenge.replace(/=(.)/, "=x$1")))).data).toEqual({ step: "password" });

    // The setup's own code was the last accepted: the next one signs in.
    const code = await codeFor(secret, 1);
    const signedIn = await codeStep(challenge, code, from);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
    expect(cookiesFrom(signedIn.headers, challenge)).toContain("__session=");
    expect(cookiesFrom(signedIn.headers, challenge)).not.toContain("__sign_in_code=");
    expect((await events("sign-in", admin.id))[0]).toMatchObject({ details: { door: "form", two_factor: "code" } });

    // The same code again, even after the password again: refused, and recorded.
    const replayed = await codeStep(await challengeFor(admin.email, from), code, from);
    expect(replayed.status).toBe(401);
    expect(replayed.data).toMatchObject({ ok: false, step: "code" });
    expect(refusal(replayed.data).message).toBe(messages.twoFactorCodeUsed);
    expect((await events("sign-in.code-failed", admin.id))[0]).toMatchObject({ details: { door: "form", reason: "code-used" } });
  });

  it("takes a recovery code in place of a code, once, whatever its case and dashes", async () => {
    const { admin, cookie, recoveryCodes } = await adminWithTwoFactor();
    const from = randomAddress();
    const typed = recoveryCodes[3]!.replace(/-/g, " ").toUpperCase();
    expect((await codeStep(await challengeFor(admin.email, from), typed, from)).status).toBe(302);
    expect((await events("two-factor.recovery-used", admin.id))[0]).toMatchObject({ details: { recovery_codes_left: 9 } });
    const again = await codeStep(await challengeFor(admin.email, from), recoveryCodes[3]!, from);
    expect(again.status).toBe(401);
    expect(refusal(again.data).message).toBe(messages.recoveryCodeUsed);
    expect((await pageData(cookie)).recoveryLeft).toBe(9);
  });

  it("accepts a code, or a recovery code, once between requests racing with it (the conditional update decides)", async () => {
    const { admin, secret, recoveryCodes } = await adminWithTwoFactor();
    for (const code of [await codeFor(secret, 1), recoveryCodes[1]!]) {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => checkSecondFactor(testOrigin(admin), code, ports.secrets, "sign-in")),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
    }
  });

  it("counts wrong codes toward the sign-in limits, a right password clearing nothing: 5, then 429 for everything", async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const from = randomAddress();
    let challenge = await challengeFor(admin.email, from);
    for (let wrong = 1; wrong <= 2; wrong++) expect((await codeStep(challenge, "000000", from)).status).toBe(401);
    challenge = await challengeFor(admin.email, from);
    for (let wrong = 3; wrong <= 5; wrong++) expect((await codeStep(challenge, "not a code", from)).status).toBe(401);
    const refused = await codeStep(challenge, await codeFor(secret, 1), from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(refusal(refused.data).message).toBe(messages.loginThrottled(15));
    expect((await passwordStep(admin.email, from)).status).toBe(429);
    // The lockout is recorded once, with the limit it reached.
    expect(await events("sign-in.locked")).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: admin.email, details: { limits: ["signInAccountAddress"] } })]),
    );
    // Another address is not shut out.
    const elsewhere = randomAddress();
    expect((await codeStep(await challengeFor(admin.email, elsewhere), await codeFor(secret, 1), elsewhere)).status).toBe(302);
  });

  it("takes a code step once: replayed after its sign-in, even with another recovery code, it asks for the password again", async () => {
    const { admin, cookie, recoveryCodes } = await adminWithTwoFactor();
    const from = randomAddress();
    const challenge = await challengeFor(admin.email, from);
    // A wrong code leaves the step open.
    expect((await codeStep(challenge, "000000", from)).status).toBe(401);
    expect((await codeStep(challenge, recoveryCodes[0]!, from)).status).toBe(302);
    const replayed = await codeStep(challenge, recoveryCodes[1]!, from);
    expect(replayed.status).toBe(401);
    expect(replayed.data).toMatchObject({ ok: false, step: "password" });
    expect(refusal(replayed.data).message).toBe(messages.twoFactorStepExpired);
    expect(cookiesFrom(replayed.headers, challenge)).not.toContain("__sign_in_code=");
    // Refused before the code was looked at: the second recovery code is still unspent.
    expect((await pageData(cookie)).recoveryLeft).toBe(9);
    expect(await events("sign-in", admin.id)).toHaveLength(1);

    // One step sent twice at once with two recovery codes: one sign-in between them.
    const again = await challengeFor(admin.email, from);
    const racing = await Promise.all([codeStep(again, recoveryCodes[2]!, from), codeStep(again, recoveryCodes[3]!, from)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([302, 401]);
    expect(await events("sign-in", admin.id)).toHaveLength(2);
  });

  it("ends a code step when the password changes", async () => {
    const { admin, recoveryCodes } = await adminWithTwoFactor();
    const from = randomAddress();
    const challenge = await challengeFor(admin.email, from);
    const changed = await updateAdmin(
      admin.id,
      adminUpdateInput.parse({ name: admin.name, email: admin.email, password: "another-password-1" }),
      ports.passwords,
      testOrigin(admin),
    );
    expect(changed.ok).toBe(true);
    expect((await call(loginRoute.loader, get("/login", challenge))).data).toEqual({ step: "password" });
    const late = await codeStep(challenge, recoveryCodes[0]!, from);
    expect(late.status).toBe(401);
    expect(late.data).toMatchObject({ ok: false, step: "password" });
    const { recovery } = (await AdminModel.findById(admin.id).lean())!.two_factor!;
    expect(Object.values(recovery).filter((used) => !used)).toHaveLength(10);
  });

  it("asks for the password again once the code step's five minutes are over, counting nothing", async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const from = randomAddress();
    const stale = cookiesFrom(
      new Headers({
        "Set-Cookie": await startSignInChallenge(
          { adminId: admin.id, stamp: (await currentCredentialStamp(admin.id))! },
          "/dashboard",
          Date.now() - SIGN_IN_STEP_MS - 1,
        ),
      }),
    );
    expect((await call(loginRoute.loader, get("/login", stale))).data).toEqual({ step: "password" });
    const late = await codeStep(stale, await codeFor(secret, 1), from);
    expect(late.status).toBe(401);
    expect(late.data).toMatchObject({ ok: false, step: "password" });
    expect(refusal(late.data).message).toBe(messages.twoFactorStepExpired);
    expect(cookiesFrom(late.headers, stale)).not.toContain("__sign_in_code=");
    expect((await peek("signInAccountAddress", `${admin.email}|${from}`)).limited).toBe(false);
    expect(await events("sign-in.code-failed", admin.id)).toHaveLength(0);
  });

  it("with JavaScript: the code step answers data for the page's 2 s wait; Use another account starts over", async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const from = randomAddress();
    const challenge = await challengeFor(admin.email, from);
    const restart = await call(loginRoute.action, post("/login", { intent: "restart" }, { cookie: challenge, from }));
    expect(restart.headers.get("Location")).toBe("/login");
    expect(cookiesFrom(restart.headers, challenge)).not.toContain("__sign_in_code=");
    const again = await challengeFor(admin.email, from);
    const scripted = await call(
      loginRoute.action,
      sentByScript(post("/login", { intent: "code", code: await codeFor(secret, 1) }, { cookie: again, from })),
    );
    expect(scripted).toMatchObject({ status: 200, data: { ok: true, redirectTo: "/dashboard" } });
  });
});

describe("POST /api/login with two-factor sign-in on", () => {
  const apiSignIn = (fields: Record<string, string>, from: string) =>
    call(apiLogin.action, apiRequest("/api/login", { method: "POST", json: fields, headers: { "X-Forwarded-For": from } }));

  it("says a code is required (401, two_factor_required), takes code, accepts each code once, and a recovery code", async () => {
    const { admin, secret, recoveryCodes } = await adminWithTwoFactor();
    const from = randomAddress();
    const credentials = { email: admin.email, password: PASSWORD };
    // Asking without a code is no attempt: more of them than the limit still leave the right code working.
    for (let asked = 1; asked <= 6; asked++) {
      const asked = await apiSignIn(credentials, from);
      expect(asked).toMatchObject({
        status: 401,
        data: { message: messages.twoFactorCodeRequired, errors: { code: [messages.twoFactorCodeRequired] }, two_factor_required: true },
      });
    }
    expect((await apiSignIn({ ...credentials, code: "123 456" }, from)).data).toMatchObject({
      message: messages.twoFactorCodeInvalid,
      two_factor_required: true,
    });
    const code = await codeFor(secret, 1);
    const signedIn = await apiSignIn({ ...credentials, code }, from);
    expect(signedIn.status).toBe(200);
    expect(signedIn.data).toMatchObject({ token_type: "Bearer", user: { id: admin.id } });
    expect((await apiSignIn({ ...credentials, code }, from)).data).toMatchObject({
      message: messages.twoFactorCodeUsed,
      two_factor_required: true,
    });
    expect((await apiSignIn({ ...credentials, code: recoveryCodes[0]! }, from)).status).toBe(200);
    expect((await events("sign-in", admin.id)).map((event) => event.details)).toEqual([
      { door: "api", two_factor: "recovery-code" },
      { door: "api", two_factor: "code" },
    ]);
    // A wrong password with a right code is a wrong password.
    expect((await apiSignIn({ email: admin.email, password: "wrong-password", code: await codeFor(secret, 1) }, from)).data).toEqual({
      message: messages.invalidCredentials,
      errors: { email: [messages.invalidCredentials] },
    });
  });
});

describe("the account's two-factor page once it is on", () => {
  it("makes new recovery codes for a current code (or a recovery code): the earlier ones stop working", async () => {
    const { admin, cookie, recoveryCodes } = await adminWithTwoFactor();
    const wrong = await call(
      twoFactorRoute.action,
      post(TWO_FACTOR_SETUP_PATH, { intent: "renew", code: "999999" }, { cookie, from: randomAddress() }),
    );
    expect(wrong.status).toBe(401);
    expect(refusal(wrong.data).errors).toEqual({ code: [messages.twoFactorCodeInvalid] });
    const renewed = await call(
      twoFactorRoute.action,
      post(TWO_FACTOR_SETUP_PATH, { intent: "renew", code: recoveryCodes[9]! }, { cookie }),
    );
    const fresh = (renewed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect(await events("two-factor.recovery-codes", admin.id)).toHaveLength(1);
    const from = randomAddress();
    const old = await codeStep(await challengeFor(admin.email, from), recoveryCodes[0]!, from);
    expect(refusal(old.data).message).toBe(messages.twoFactorCodeInvalid);
    expect((await codeStep(await challengeFor(admin.email, from), fresh[0]!, from)).status).toBe(302);
  });

  it("turns off for the password and a current code; signing in then takes the password alone", async () => {
    const { admin, cookie, secret } = await adminWithTwoFactor();
    const from = randomAddress();
    const turnOff = (fields: Record<string, string>) =>
      call(twoFactorRoute.action, post(TWO_FACTOR_SETUP_PATH, { intent: "off", ...fields }, { cookie, from }));
    // A borrowed session with a code at hand is not enough: the password too, counted like a sign-in's.
    const codeAlone = await turnOff({ code: await codeFor(secret, 1) });
    expect(codeAlone.status).toBe(422);
    expect(refusal(codeAlone.data).errors).toEqual({ password: [messages.currentPasswordMissing] });
    const wrongPassword = await turnOff({ password: "not-the-password", code: await codeFor(secret, 1) });
    expect(wrongPassword.status).toBe(401);
    expect(refusal(wrongPassword.data).errors).toEqual({ password: [messages.currentPasswordWrong] });
    expect((await events("sign-in.failed")).filter((event) => event.email === admin.email)).toHaveLength(1);
    expect((await pageData(cookie)).on).toBe(true);
    const off = await turnOff({ password: PASSWORD, code: await codeFor(secret, 1) });
    expect(off.status).toBe(302);
    expect((await AdminModel.findById(admin.id).lean())!.two_factor).toBeUndefined();
    expect(await events("two-factor.disabled", admin.id)).toHaveLength(1);
    expect((await passwordStep(admin.email, randomAddress())).headers.get("Location")).toBe("/dashboard");
  });
});

describe("Require two-factor sign-in for every admin (Settings)", () => {
  const saveRequirement = async (cookie: string, on: boolean) => {
    const settings = await getSiteSettings();
    return call(settingsRoute.action, post("/dashboard/settings", { ...settings, requireTwoFactor: on ? "true" : "false" }, { cookie }));
  };

  it("is refused while no key is available, and saved (with its history) once one is", async () => {
    // The switch is an Owner's (docs/security.md#roles).
    const { cookie } = await signedInAdmin(undefined, undefined, "owner");
    const key = env.TWO_FACTOR_KEY;
    env.TWO_FACTOR_KEY = undefined;
    try {
      const refused = await saveRequirement(cookie, true);
      expect(refused.status).toBe(422);
      expect(refusal(refused.data).errors).toEqual({ requireTwoFactor: [messages.twoFactorNoKey] });
      expect(await pageData(cookie)).toMatchObject({ required: false });
    } finally {
      env.TWO_FACTOR_KEY = key;
    }
  });

  it("sends an admin without it to the setup page from every dashboard page, refuses their API use with 403, and keeps it on", async () => {
    const withIt = await adminWithTwoFactor("owner");
    const without = await signedInAdmin();
    const token = (await issueToken(without.admin.id)).token;
    expect((await saveRequirement(withIt.cookie, true)).status).toBe(302);
    try {
      expect((await call(settingsRoute.loader, get("/dashboard/settings", withIt.cookie))).data).toMatchObject({ requireTwoFactor: true });
      for (const [route, path] of [
        [dashboard.loader, "/dashboard"],
        [accountRoute.loader, "/dashboard/account"],
        [settingsRoute.loader, "/dashboard/settings"],
        [editAdminRoute.loader, `/dashboard/users/${without.admin.id}/edit`],
      ] as const) {
        const sent = await call(route, get(path, without.cookie), { id: without.admin.id });
        expect(sent.status, path).toBe(302);
        expect(sent.headers.get("Location")).toBe(TWO_FACTOR_SETUP_PATH);
      }
      // The setup page itself (and its layout) answer; so does the admin with two-factor sign-in.
      expect((await call(dashboard.loader, get(TWO_FACTOR_SETUP_PATH, without.cookie))).status).toBe(200);
      expect(await pageData(without.cookie)).toMatchObject({ required: true, on: false });
      expect((await call(dashboard.loader, get("/dashboard", withIt.cookie))).status).toBe(200);

      // The API: no token for them, and the ones they have refused.
      const validated = await call(apiValidate.loader, apiRequest("/api/validate-token", { token }));
      expect(validated).toMatchObject({ status: 403, data: { message: messages.apiTwoFactorSetupRequired } });
      const login = await call(
        apiLogin.action,
        apiRequest("/api/login", {
          method: "POST",
          json: { email: without.admin.email, password: PASSWORD },
          headers: { "X-Forwarded-For": randomAddress() },
        }),
      );
      expect(login).toMatchObject({ status: 403, data: { message: messages.apiTwoFactorSetupRequired } });

      // Once set up, everything answers again; and it cannot be turned off while required.
      const { secret } = await turnOn(without.cookie);
      expect((await call(dashboard.loader, get("/dashboard", without.cookie))).status).toBe(200);
      expect((await call(apiValidate.loader, apiRequest("/api/validate-token", { token }))).status).toBe(200);
      const off = await call(
        twoFactorRoute.action,
        post(TWO_FACTOR_SETUP_PATH, { intent: "off", password: PASSWORD, code: await codeFor(secret, 1) }, { cookie: without.cookie }),
      );
      expect(off.status).toBe(409);
      expect(refusal(off.data).errors).toEqual({ code: [messages.twoFactorRequiredStaysOn] });
    } finally {
      expect((await saveRequirement(withIt.cookie, false)).status).toBe(302);
    }
  });
});

describe("A new sign-in to your account (email)", () => {
  it("goes to an admin without two-factor sign-in after each password sign-in: browser, address, UTC time, what to do", async () => {
    env.SMTP_URL = smtp.url;
    smtp.received.length = 0;
    try {
      const { admin } = await signedInAdmin();
      const from = randomAddress();
      const request = post("/login", { email: admin.email, password: PASSWORD }, { from });
      request.headers.set("User-Agent", "Browser <script>alert(1)</script>");
      const signedIn = await call(loginRoute.action, request);
      expect(signedIn.status).toBe(302);
      await waitFor(async () => (await MailOutboxModel.countDocuments({ to: admin.email })) === 1);
      await outboxIdle();
      const mail = smtp.received.find((received) => received.rcptTo.includes(admin.email))!;
      expect(mail.headers.subject).toMatch(/^A new sign-in to your .+ account$/);
      expect(mail.text).toContain(`Address: ${from}`);
      expect(mail.text).toContain("Browser: Browser <script>alert(1)</script>");
      expect(mail.text).toMatch(/When: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
      expect(mail.html).toContain("Browser &lt;script&gt;alert(1)&lt;/script&gt;");
      expect(mail.html).not.toContain("<script>");

      // The mail's link to change the password (and sign out everywhere) opens that page for the signed-in admin.
      const link = new URL(/(https?:\/\/\S+\/dashboard\/users\/\S+\/edit)/.exec(mail.text)![1]!);
      const opened = await call(editAdminRoute.loader, get(link.pathname, cookiesFrom(signedIn.headers)), { id: admin.id });
      expect(opened).toMatchObject({ status: 200, data: { isMe: true } });
      expect(mail.text).toContain(`${env.SITE_URL}${TWO_FACTOR_SETUP_PATH}`);
    } finally {
      env.SMTP_URL = original.SMTP_URL;
    }
  });

  it("is not sent for a sign-in with a second factor, and its failure never fails a sign-in", async () => {
    env.SMTP_URL = smtp.url;
    try {
      const { admin, secret } = await adminWithTwoFactor();
      const from = randomAddress();
      expect((await codeStep(await challengeFor(admin.email, from), await codeFor(secret, 1), from)).status).toBe(302);
      const other = await signedInAdmin();
      vi.spyOn(ports.mail, "send").mockRejectedValue(new Error("the outbox is gone"));
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      expect((await passwordStep(other.admin.email, randomAddress())).status).toBe(302);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await MailOutboxModel.countDocuments({ to: { $in: [admin.email, other.admin.email] } })).toBe(0);
    } finally {
      env.SMTP_URL = original.SMTP_URL;
    }
  });
});

describe("the audit log's sign-in events", () => {
  it("records failed sign-ins with the email typed, and sign-outs from the form and the API", async () => {
    await passwordStep("Nobody.Here@Studio.test", randomAddress(), "whatever-it-is");
    expect((await events("sign-in.failed"))[0]).toMatchObject({ email: "nobody.here@studio.test", actor: { id: null } });

    const { admin, cookie } = await signedInAdmin();
    expect((await call(logoutRoute.action, post("/logout", {}, { cookie }))).status).toBe(302);
    const token = (await issueToken(admin.id)).token;
    expect((await call(apiLogout.action, apiRequest("/api/logout", { method: "POST", token }))).status).toBe(200);
    expect((await events("sign-out", admin.id)).map((event) => event.details)).toEqual([{ door: "api" }, { door: "form" }]);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000) {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
