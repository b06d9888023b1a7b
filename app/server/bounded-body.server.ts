import { messages } from "~/domain/messages";

/**
 * Bodies read whole only up to a cap. Forms anyone can post without a session (sign-in, contact) are small:
 * 64 KB holds the longest message with room to spare, and a 100 MB post is refused by its declared length
 * without reading, or as soon as 64 KB have arrived when no length is declared. The JSON API keeps its
 * 1 MB cap, and uploads their own limit (~/server/uploads.server).
 */
export const SMALL_FORM_BYTES = 64 * 1024;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

/** The body's bytes, or BodyTooLarge once the declared length or the bytes read pass `limit`. */
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
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * For an action anyone can post to without a session: the same request with its body read into memory (at
 * most `limit` bytes), so it can be read again; past the cap, a 413 answer is thrown (the error page shows its
 * words). `Connection: close` tells the server not to receive the rest of a body it will never read.
 */
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
