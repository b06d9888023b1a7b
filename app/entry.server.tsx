import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerInlineContext } from "~/components/server-inline";
import { NonceProvider } from "~/lib/nonce";
import { contentSecurityPolicy, createNonce } from "~/server/csp.server";
import { databaseUnavailable, UNAVAILABLE_RETRY_AFTER, unavailableAnswerFor } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { recordsPagesViewed } from "~/domain/settings.server";
import { recordPageView } from "~/server/attribution.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { repairMalformedPaths } from "~/server/malformed-paths.server";
import { DOCUMENT_SECURITY_HEADERS, setSecurityHeaders } from "~/server/security-headers.server";
import { serverInline } from "~/server/server-inline.server";
import { startServer } from "~/server/startup.server";

// remix-serve imports the server build once, at start.
repairMalformedPaths();
await startServer();

export const streamTimeout = 5_000;

// Pages and data requests whose loader or action met the database gone away outside the models (the raw driver, a
// library): handleError sees the error before Remix hides it, and the answer below becomes the database's 503.
const metUnavailableDatabase = new WeakSet<Request>();

// A Response thrown from here is rendered again at the error boundary with its status (Remix's handleDocumentRequest),
// so the page says "We'll be right back" and the browser's hydration data agrees.
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  if (metUnavailableDatabase.delete(request)) throw databaseUnavailable();
  // A 503 thrown by a loader loses its headers in Remix's merge (only a route's own headers() sees them): the database's.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", UNAVAILABLE_RETRY_AFTER);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = createNonce();
  const env = getEnv();
  const production = process.env.NODE_ENV === "production";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerInlineContext.Provider value={serverInline}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </ServerInlineContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            contentSecurityPolicy({
              nonce,
              tagManagerId: env.TAG_MANAGER_ID,
              sessionRecordingId: env.SESSION_RECORDING_ID,
              development: !production,
            }),
          );
          setSecurityHeaders(responseHeaders);
          for (const [name, value] of Object.entries(DOCUMENT_SECURITY_HEADERS)) responseHeaders.set(name, value);
          const response = new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          });
          pipe(body);
          resolve(
            withCachePolicy(request, response, { nonce }).then((cached) =>
              recordPageView(request, cached, { enabled: recordsPagesViewed }),
            ),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (answer, { request }) => {
  // The boundary shows Remix's generic error (the body is encoded already); the status and Retry-After are the database's.
  const response = metUnavailableDatabase.delete(request) ? new Response(answer.body, { status: 503, headers: answer.headers }) : answer;
  const cached = await recordPageView(request, await withCachePolicy(request, response), {
    data: true,
    enabled: recordsPagesViewed,
  });
  if (cached.status === 503 && !cached.headers.has("Retry-After")) cached.headers.set("Retry-After", UNAVAILABLE_RETRY_AFTER);
  setSecurityHeaders(cached.headers);
  return cached;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a client navigating away), unknown URLs and the 503 thrown above are not errors worth logging.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404) || error instanceof Response) return;
  if (unavailableAnswerFor(error)) metUnavailableDatabase.add(request);
  else console.error(error);
};
