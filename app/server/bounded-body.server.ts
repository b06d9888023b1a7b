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
