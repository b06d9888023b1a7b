import { data } from "@remix-run/node";
import { toastDuration } from "~/domain/messages";
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from "./toast.server";

// docs/behaviour.md#forms. A page's script cannot set fetch metadata. Without the header (Node's fetch, Safari < 16.4,
// plain HTTP) the answer is the redirect, which Remix follows after a fetch too: only the 2 s pause is lost.
export function postedByScript(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

/** The page's script gets `{ ok: true, redirectTo, ...extra }` and moves on 2 s later; a document post is redirected. */
export function savedThenTo<Extra extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  to: string,
  message: string,
  { extra, init }: { extra?: Extra; init?: ResponseInit } = {},
) {
  if (!postedByScript(request)) return redirectWithSuccess(to, message, init);
  return jsonWithSuccess({ ok: true as const, redirectTo: to, ...(extra as Extra) }, message, init);
}

/** A document post gets no toast: its cookie would only show on some later page (docs/behaviour.md#toasts). */
export function refusedWithToast<Body>(request: Request, body: Body, message: string, status = 422) {
  return postedByScript(request) ? jsonWithError(body, { message, duration: toastDuration.long }, { status }) : data(body, { status });
}
