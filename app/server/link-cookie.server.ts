import { createCookie } from "@remix-run/node";
import type { AccountLinkPurpose } from "~/domain/account-links";
import { getEnv } from "./env.server";
import { isSecureSite } from "./session.server";

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

export function keepLinkToken(purpose: AccountLinkPurpose, token: string): Promise<string> {
  return cookieFor(purpose).serialize(token.slice(0, 100));
}

/** "" without the cookie, or with one this server did not sign. */
export async function linkTokenOf(request: Request, purpose: AccountLinkPurpose): Promise<string> {
  const token: unknown = await cookieFor(purpose).parse(request.headers.get("Cookie"));
  return typeof token === "string" ? token : "";
}

export function forgetLinkToken(purpose: AccountLinkPurpose): Promise<string> {
  return cookieFor(purpose).serialize("", { maxAge: 0 });
}
