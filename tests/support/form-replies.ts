import type { SubmissionResult } from "@conform-to/react";

/**
 * A refused form's answer as its page reads it: conform's reply in `result` (docs/behaviour.md#forms). The
 * message at the top (the form-level error), the messages per field and the values the form keeps.
 */
export function refusal(data: unknown) {
  const { result } = data as { result: SubmissionResult<string[]> };
  const { "": form, ...fields } = result.error ?? {};
  return { status: result.status, message: form?.join(", "), errors: fields, values: result.initialValue ?? undefined };
}

/**
 * The request as a page running its JavaScript sends it (Remix's single fetch or a fetcher: a fetch(), so
 * `Sec-Fetch-Mode: cors`); a document form post says `navigate`, and a client that says nothing is answered
 * like one.
 */
export function sentByScript(request: Request): Request {
  request.headers.set("Sec-Fetch-Mode", "cors");
  return request;
}
