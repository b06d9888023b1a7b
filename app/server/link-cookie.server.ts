import { createCookie, redirect } from "@remix-run/node";
import type { AccountLinkPurpose } from "~/domain/account-links";
import { getEnv, isSecureSite } from "./env.server";
import { destroySession } from "./auth.server";
import { redirectWithSuccess } from "./toast.server";

// decision 0026: a link's page moves its token out of the address at once, into this cookie, so that no script on
// the page (the tag manager, the session recorder), no Referer and no history entry of the page holds it.

const NAMES: Record<AccountLinkPurpose, string> = { invitation: "__invitation", reset: "__reset" };
/** Long enough to choose a password; the link's own end is checked in the database. */
const COOKIE_LIFETIME_S = 60 * 60;

const cookies = new Map<AccountLinkPurpose, ReturnType<typeof createCookie>>();

function cookieFor(purpose: AccountLinkPurpose) {
  let cookie = cookies.get(purpose);
  if (!cookie) {
    cookie = createCookie(NAMES[purpose], {
      httpOnly: true,
      sameSite: "lax",
      // The whole site: the page's script posts to `/invitation.data`, which a path of `/invitation` would not cover.
      path: "/",
      secure: isSecureSite(),
      secrets: [getEnv().SESSION_SECRET],
      maxAge: COOKIE_LIFETIME_S,
    });
    cookies.set(purpose, cookie);
  }
  return cookie;
}

/** The mail's link (`<page>/<token>`): its token moves into the cookie, and the browser to `page`, whose address holds none. */
export async function takeLinkToken(purpose: AccountLinkPurpose, token: string | undefined, page: string): Promise<void> {
  if (!token) return;
  throw redirect(page, {
    headers: { "Set-Cookie": await cookieFor(purpose).serialize(token.slice(0, 100)), "Cache-Control": "no-store" },
  });
}

/** "" without the cookie, or with one this server did not sign. */
export async function linkTokenOf(request: Request, purpose: AccountLinkPurpose): Promise<string> {
  const token: unknown = await cookieFor(purpose).parse(request.headers.get("Cookie"));
  return typeof token === "string" ? token : "";
}

/**
 * The link has done its work: its cookie goes, and so does this browser's session, whoever's it was, so that the
 * next page is the sign-in, where the account signs in through every check a sign-in has.
 */
export async function leaveForSignIn(request: Request, purpose: AccountLinkPurpose, message: string): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await cookieFor(purpose).serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await destroySession(request));
  return redirectWithSuccess("/login", message, { headers });
}
