import type { SubmissionResult } from "@conform-to/react";

/**
 * A refused form's answer as its page reads it: conform's reply in `result` (docs/behaviour.md#forms). `message`
 * joins the form's own messages and its fields', each once (what the toast says), then the messages per field and
 * the values the form keeps.
 */
export function refusal(data: unknown) {
  const { result } = data as { result: SubmissionResult<string[]> };
  const { "": form, ...fields } = result.error ?? {};
  const message = [...new Set([...(form ?? []), ...Object.values(fields).flatMap((list) => list ?? [])])].join(", ") || undefined;
  return { status: result.status, message, errors: fields, values: result.initialValue ?? undefined };
}

/** The fetch metadata a browser adds to a fetch() from the page: Remix's single fetch or a fetcher. */
export const fetchMetadata = { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin" } as const;

/**
 * The request as a page running its JavaScript sends it (see fetchMetadata); a document form post says
 * `Sec-Fetch-Dest: document`, and a client that says nothing is answered like one (app/server/forms.server.ts).
 */
export function sentByScript(request: Request): Request {
  for (const [name, value] of Object.entries(fetchMetadata)) request.headers.set(name, value);
  return request;
}
