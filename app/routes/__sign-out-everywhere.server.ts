import { messages } from "~/domain/messages";
import type { AdminOrigin } from "~/domain/audit-log.server";
import { endOwnAccess } from "~/domain/access.server";
import { previewCookieHeader } from "~/server/preview.server";
import { destroySession } from "~/server/auth.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#sessions: ending an admin's own access, from their edit page or My sessions.

/** Headers that sign this browser out: the session cookie cleared (and its record deleted), the preview ended. */
export async function signedOutHeaders(request: Request): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await previewCookieHeader(false));
  return headers;
}

/** Ends every session and API token of the acting admin, this browser's too, and sends it to /login. */
export async function signOutEverywhere(request: Request, origin: AdminOrigin): Promise<Response> {
  await endOwnAccess(origin);
  return redirectWithSuccess("/login", messages.signedOutEverywhere, { headers: await signedOutHeaders(request) });
}
