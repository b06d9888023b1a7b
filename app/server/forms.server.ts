import { data } from "@remix-run/node";
import { toastDuration } from "~/domain/messages";
import { jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } from "./toast.server";

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

type Toast = Parameters<typeof redirectWithError>[1];

/** DeleteButton's fetcher gets data and the toast (no reload); the confirmation page's document post goes back to `list`. */
export function deleted(request: Request, list: string, toast: Toast) {
  return postedByScript(request) ? jsonWithSuccess({ ok: true as const }, toast) : redirectWithSuccess(list, toast);
}

export function notDeleted(request: Request, list: string, toast: Toast, status: 404 | 409) {
  return postedByScript(request) ? jsonWithError({ ok: false as const }, toast, { status }) : redirectWithError(list, toast);
}
