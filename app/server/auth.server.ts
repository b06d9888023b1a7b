import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, data, redirect, type Session } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getAdminById } from "~/domain/admins.server";
import { messages, toastDuration } from "~/domain/messages";
import { refused } from "~/domain/shared";
import { loginInput, twoFactorCodeInput } from "~/domain/schemas";
import {
  createSessionRecord,
  deleteSessionRecord,
  readSessionAccess,
  readSessionData,
  recordSignOut,
  updateSessionRecord,
  type ClientOrigin,
} from "~/domain/access.server";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { can, type Permission, type Role } from "~/domain/permissions";
import { countRefusal } from "~/domain/roles.server";
import { currentCredentialStamp, isSignInStepOpen, spendSignInStep } from "~/domain/two-factor.server";
import { asTyped } from "~/lib/forms";
import { safeRedirect as safeRedirectTo } from "~/lib/safe-redirect";
import { SIGN_IN_INTENT } from "~/lib/sign-in-steps";
import type { Admin } from "~/domain/types";
import { requestClient, requestOrigin } from "./client-address.server";
import { requireDb } from "./db.server";
import { getEnv, isSecureSite } from "./env.server";
import { endSignInChallenge, readSignInChallenge, startSignInChallenge } from "./sign-in-challenge.server";
import { throttledSignIn, type SignInRefused, type Verified } from "./sign-in-limits.server";
import { checkPassword, checkSignInCode, signedIn } from "./sign-in.server";
import { redirectWithError, redirectWithSuccess } from "./toast.server";

// Who is signed in (docs/behaviour.md#sessions): the session cookie, signing in and out, and the admin a request reads.

// The cookie carries only a random id; the session lives in MongoDB, so ending it takes effect on every instance.
// `origin` rides along to createData only: it is stored beside the data (My sessions), not in it.
type SessionData = { adminId: string; expiresAt: number; origin?: ClientOrigin };

export type AdminSession = Session<SessionData>;

export const SESSION_COOKIE = "__session";
/** An admin's preview of the drafts (preview.server.ts). */
export const PREVIEW_COOKIE = "__preview";

let cookie: ReturnType<typeof createCookie> | undefined;
let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;

function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    domain: getEnv().COOKIE_DOMAIN,
    secure: isSecureSite(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  return cookie;
}

export function sessionStorage() {
  storage ??= createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await createSessionRecord(id, record(data));
      return id;
    },
    async readData(id) {
      return (await readSessionData(id)) as Partial<SessionData> | null;
    },
    async updateData(id, data) {
      await updateSessionRecord(id, record(data));
    },
    async deleteData(id) {
      await deleteSessionRecord(id);
    },
  });
  return storage;
}

function record({ origin, ...data }: Partial<SessionData>) {
  return {
    adminId: data.adminId ?? null,
    data,
    // A record without an end is never valid: it ends at once.
    expiresAt: new Date(typeof data.expiresAt === "number" ? data.expiresAt : 0),
    origin,
  };
}

/** The id in the request's session cookie, when its signature holds (no database read); empty otherwise. */
export async function sessionIdOf(request: Request): Promise<string> {
  const id: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof id === "string" ? id : "";
}

export function getSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Always a new id (never the one the browser brought), and the browser's earlier session, if any, is ended. */
export async function commitAdminSession(request: Request, adminId: string, now = Date.now()): Promise<string> {
  const previous = await getSession(request);
  if (previous.id) await sessionStorage().destroySession(previous);
  const session = await sessionStorage().getSession();
  session.set("adminId", adminId);
  session.set("expiresAt", now + SESSION_LIFETIME_MS);
  session.set("origin", requestClient(request));
  return sessionStorage().commitSession(session);
}

/** The cookie is cleared even when the database cannot be reached (docs/behaviour.md#sessions). */
export async function destroySession(request: Request): Promise<string> {
  try {
    return await sessionStorage().destroySession(await getSession(request));
  } catch (error) {
    console.error(`Ending a session in the database failed: ${(error as Error).message}`);
    return sessionCookie().serialize("", { maxAge: undefined, expires: new Date(0) });
  }
}

/** The page where an admin turns on two-factor sign-in; with it required, the only dashboard page open to one without it. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/account/two-factor";

type SignInStep = "password" | "code";

/** What the sign-in form's action answers; `cookies` are Set-Cookie values for every kind. */
type LoginAnswer =
  | { kind: "signed-in"; redirectTo: string; cookies: string[] }
  /** The password was right and a code comes next, or the admin starts again: the page shows the step the cookie says. */
  | { kind: "to-step"; cookies: string[] }
  | {
      kind: "refused";
      step: SignInStep;
      result: SubmissionResult<string[]>;
      status: number;
      retryAfterSeconds?: number;
      cookies: string[];
    };

// remix-auth 4 keeps no session of its own: its form strategy reads the body (once) and the session is ours.
const authenticator = new Authenticator<LoginAnswer>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const intent = form.get("intent");
    if (intent === SIGN_IN_INTENT.restart) return { kind: "to-step", cookies: [await endSignInChallenge()] };
    return intent === SIGN_IN_INTENT.code ? codeStep(form, request) : passwordStep(form, request);
  }),
  "form",
);

async function passwordStep(form: FormData, request: Request): Promise<LoginAnswer> {
  const submission = parseWithZod(form, { schema: loginInput, ...asTyped });
  const outcome = await throttledSignIn(request, form.get("email"), async () =>
    submission.status === "success"
      ? checkPassword(request, submission.value, { door: "form", askForCode: true })
      : refused("missing-fields"),
  );
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message || messages.loginFailed], hideFields: ["password", "code"] });
    return refusal("password", result, outcome, []);
  }
  if (!outcome.complete) {
    const stamp = await currentCredentialStamp(outcome.admin.id);
    if (!stamp) return startAgain();
    return { kind: "to-step", cookies: [await startSignInChallenge({ adminId: outcome.admin.id, stamp }, redirectTo)] };
  }
  return signIn(request, outcome, redirectTo, []);
}

async function codeStep(form: FormData, request: Request): Promise<LoginAnswer> {
  const challenge = await openChallenge(request);
  const admin = challenge && (await getAdminById(challenge.adminId));
  if (!challenge || !admin) return startAgain();
  const submission = parseWithZod(form, { schema: twoFactorCodeInput, ...asTyped });
  if (submission.status !== "success") return { kind: "refused", step: "code", result: submission.reply(), status: 422, cookies: [] };
  // The limits count under the account's stored email: the one the password step counted under, lowercased.
  const outcome = await throttledSignIn(request, admin.email, async () => {
    const checked = await checkSignInCode(request, admin, submission.value.code, "form");
    // The same step replayed at once: the code was right, but only one of them signs in.
    if (checked.ok && !(await spendSignInStep(challenge.step))) return refused("step-expired");
    return checked;
  });
  if (!outcome.ok) {
    // Two-factor sign-in was turned off meanwhile, or the step was used: the password again, never a sign-in without it.
    if (outcome.reason === "not-on" || outcome.reason === "step-expired") return startAgain();
    return refusal("code", submission.reply({ formErrors: [outcome.message], hideFields: ["code"] }), outcome, []);
  }
  return signIn(request, outcome, challenge.redirectTo, [await endSignInChallenge()]);
}

async function startAgain(): Promise<LoginAnswer> {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [messages.twoFactorStepExpired] } };
  return { kind: "refused", step: "password", result, status: 401, cookies: [await endSignInChallenge()] };
}

function refusal(step: SignInStep, result: SubmissionResult<string[]>, outcome: SignInRefused, cookies: string[]): LoginAnswer {
  return { kind: "refused", step, result, status: outcome.status, retryAfterSeconds: outcome.retryAfterSeconds, cookies };
}

async function signIn(request: Request, verified: Verified, redirectTo: string, cookies: string[]): Promise<LoginAnswer> {
  const session = await commitAdminSession(request, verified.admin.id);
  await signedIn(request, verified, "form");
  return { kind: "signed-in", redirectTo, cookies: [session, ...cookies] };
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  return safeRedirectTo(to, getEnv().SITE_URL, fallback);
}

export async function login(request: Request): Promise<LoginAnswer> {
  await requireDb();
  return authenticator.authenticate("form", request);
}

/** A code step still to be used, under the password it was started with: checked before its code, so a replay spends none. */
async function openChallenge(request: Request) {
  const challenge = await readSignInChallenge(request);
  if (!challenge) return null;
  await requireDb();
  return (await isSignInStepOpen(challenge.step)) ? challenge : null;
}

/** Which step the sign-in page shows: the code step while a password step's cookie is valid and its step open. */
export async function signInStep(request: Request): Promise<SignInStep> {
  return (await openChallenge(request)) ? "code" : "password";
}

export type SignedInAdmin = { admin: Admin | null; role: Role | null; expired: boolean; mustSetUpTwoFactor: boolean };

// One read of the session and its admin per request: the loaders of a request share the load context, each gets its
// own Request. An action reads for itself, since it may change who is signed in before the loaders run.
const readInRequest = new WeakMap<object, Promise<SignedInAdmin>>();

/**
 * `expired`: a genuine session cookie whose session has ended (docs/behaviour.md#sessions). `context`: the loader's,
 * so that the layout's and the page's loaders read once.
 */
export function getAdmin(request: Request, context?: object): Promise<SignedInAdmin> {
  const key = context && (request.method === "GET" || request.method === "HEAD") ? context : request;
  let read = readInRequest.get(key);
  if (!read) {
    read = readSignedIn(request);
    readInRequest.set(key, read);
  }
  return read;
}

async function readSignedIn(request: Request): Promise<SignedInAdmin> {
  const nobody = { admin: null, role: null, expired: false, mustSetUpTwoFactor: false };
  if (!request.headers.get("Cookie")?.includes(`${SESSION_COOKIE}=`)) return nobody;
  const id = await sessionIdOf(request);
  if (!id) return nobody;
  await requireDb();
  const session = await readSessionAccess(id);
  // An id that passed the signature check but has no live record, or a record of no admin: the session has ended.
  if (!session?.adminId) return { ...nobody, expired: true };
  return session.access ? { ...session.access, expired: false } : nobody;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/** `context`: the loader's or action's, so that one request reads its admin once. */
export async function requireAdmin(request: Request, context?: object): Promise<Admin> {
  const { admin, expired, mustSetUpTwoFactor } = await getAdmin(request, context);
  if (admin) {
    if (mustSetUpTwoFactor && new URL(request.url).pathname !== TWO_FACTOR_SETUP_PATH) {
      throw await redirectWithError(
        TWO_FACTOR_SETUP_PATH,
        { message: messages.twoFactorSetupRequired, duration: toastDuration.long },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    return admin;
  }
  // The way back to sign-in depends on the visitor's cookie: never kept by a browser or a CDN.
  const headers = { "Set-Cookie": await destroySession(request), "Cache-Control": "no-store" };
  if (expired)
    throw await redirectWithError(loginUrl(request), { message: messages.sessionExpired, duration: toastDuration.medium }, { headers });
  throw redirect(loginUrl(request), { headers });
}

/**
 * The signed-in admin, when their role holds `permission` (docs/security.md#roles); a 403 that names what is missing
 * otherwise, which the dashboard's error boundary shows. The role is read with the session, so a change holds on the
 * next request on every instance.
 */
export async function requirePermission(request: Request, permission: Permission, context?: object): Promise<Admin & { role: Role }> {
  const admin = await requireAdmin(request, context);
  const { role } = await getAdmin(request, context);
  if (!role || !can({ kind: "admin", role }, permission)) throw await forbidden(admin, permission);
  return { ...admin, role };
}

/** The dashboard's 403 for `admin`, counted (not logged one by one: docs/security.md#roles); also for a refusal the domain gave. */
export async function forbidden(admin: Admin, permission: Permission): Promise<ReturnType<typeof data<{ message: string }>>> {
  await countRefusal(admin.id, permission).catch((error: unknown) => console.error("Counting a refusal failed:", error));
  return data({ message: messages.forbidden(permission) }, { status: 403, headers: { "Cache-Control": "no-store" } });
}

export async function logout(request: Request): Promise<Response> {
  // Who is signing out, for the audit log; the cookie is cleared even when the database cannot say.
  const { admin } = await getAdmin(request).catch(() => ({ admin: null }));
  const cookie = await destroySession(request);
  if (admin) await recordSignOut(requestOrigin(request, admin, "form"));
  return redirectWithSuccess(
    "/login",
    { message: messages.logoutSuccess, duration: toastDuration.short },
    { headers: { "Set-Cookie": cookie } },
  );
}
