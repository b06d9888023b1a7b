import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: IncomingMessage["headers"]; body: string };

/**
 * An HTTP server on 127.0.0.1, the only place tests send webhooks to: it records each request and answers as
 * `answer` says (200 by default).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  let answer: (request: Received, response: ServerResponse) => void = (_request, response) => response.end("ok");
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
