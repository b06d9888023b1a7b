import { messages } from "~/domain/messages";

/** Sessionless forms (sign-in, contact): 64 KB holds the longest message with room to spare. */
export const SMALL_FORM_BYTES = 64 * 1024;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

export async function readBoundedBody(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would reset the connection before the refusal is sent; drainBody may read the rest.
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads and discards what nobody read of a body, so that the connection can carry the client's next request.
 * False when that would take more than `maxBytes` or `maxMs`: the answer should then say `Connection: close`.
 * A body already taken by a reader counts as read (the parsers read to the end or fail).
 */
export async function drainBody(request: Request, { maxBytes, maxMs }: { maxBytes: number; maxMs: number }): Promise<boolean> {
  const body = request.body;
  if (!body || body.locked) return true;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return false;
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), maxMs)));
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === null) return false;
      if (next.done) return true;
      size += next.value.byteLength;
      if (size > maxBytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Buffered so it can be read again; `Connection: close` tells the server not to receive the rest of a body it will never read. */
export async function boundedRequest(request: Request, limit = SMALL_FORM_BYTES): Promise<Request> {
  let body: Buffer;
  try {
    body = await readBoundedBody(request, limit);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new Response(messages.formTooLarge, {
      status: 413,
      statusText: "Payload Too Large",
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" },
    });
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.byteLength ? new Uint8Array(body) : null,
    signal: request.signal,
  });
}
