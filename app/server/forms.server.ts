import { data } from "@remix-run/node";
import { toastDuration } from "~/domain/messages";
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from "./toast.server";

/**
 * How the forms' actions answer (docs/behaviour.md#forms). A refusal is conform's `submission.reply()`, the
 * form's `lastResult` whether the page posted with JavaScript or not. A success depends on who posted:
 *
 * - a page running its JavaScript posts with `fetch()` (Remix's single fetch, or a fetcher): it shows the toast
 *   itself and moves on 2 s later (docs/behaviour.md#timings), so it gets data;
 * - a plain document post (no JavaScript, or a click before the scripts took over) gets Post/Redirect/Get.
 *
 * The browser says which in its fetch metadata: a fetch is `Sec-Fetch-Dest: empty` (with `Sec-Fetch-Mode:
 * cors`), a document form post `Sec-Fetch-Dest: document` (`navigate`). No field in the form is needed (this
 * replaces a hidden `_js` field the scripted forms used to add), and a page's script cannot set these headers.
 * The destination is what is read: a program's fetch() (Node's, for one) says `Sec-Fetch-Mode: cors` too, but
 * no destination, and gets the redirect. So does any request without the header (a browser without fetch
 * metadata, such as Safari before 16.4, or a site served over plain HTTP other than localhost, where browsers
 * leave it out): Remix follows that redirect after a fetch too, so the page still gets where it should and shows
 * the toast there, only without the 2 s pause.
 */
export function postedByScript(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "empty";
}

/**
 * A success: the toast, then `to` at once (a document post) or 2 s later (the page's script, which gets
 * `{ ok: true, redirectTo }` and `extra`). `init` adds headers (a session cookie) to either answer.
 */
export function savedThenTo<Extra extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  to: string,
  message: string,
  { extra, init }: { extra?: Extra; init?: ResponseInit } = {},
) {
  if (!postedByScript(request)) return redirectWithSuccess(to, message, init);
  return jsonWithSuccess({ ok: true as const, redirectTo: to, ...(extra as Extra) }, message, init);
}

/**
 * A refusal: the page again with `body` (status 422 unless told). Posted by the page's script, the form's joined
 * message also comes as a 5 s error toast (case study and admin forms, docs/behaviour.md#toasts); a document
 * post gets no toast, as its cookie would only show on some later page.
 */
export function refusedWithToast<Body>(request: Request, body: Body, message: string, status = 422) {
  return postedByScript(request) ? jsonWithError(body, { message, duration: toastDuration.long }, { status }) : data(body, { status });
}
