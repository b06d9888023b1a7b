import { postedByScript } from "./forms.server";
import { jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } from "./toast.server";

type Toast = Parameters<typeof redirectWithError>[1];

/** DeleteButton's fetcher gets data and the toast (no reload); the confirmation page's document post goes back to `list`. */
export function deleted(request: Request, list: string, toast: Toast) {
  return postedByScript(request) ? jsonWithSuccess({ ok: true as const }, toast) : redirectWithSuccess(list, toast);
}

export function notDeleted(request: Request, list: string, toast: Toast, status: 404 | 409) {
  return postedByScript(request) ? jsonWithError({ ok: false as const }, toast, { status }) : redirectWithError(list, toast);
}
