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
import { getEnv } from "~/server/env.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { repairMalformedPaths } from "~/server/malformed-paths.server";
import { DOCUMENT_SECURITY_HEADERS, setSecurityHeaders } from "~/server/security-headers.server";
import { serverInline } from "~/server/server-inline.server";
import { startServer } from "~/server/startup.server";

// remix-serve imports the server build once, at start.
repairMalformedPaths();
await startServer();

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
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
          resolve(withCachePolicy(request, response, { nonce }));
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

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const cached = await withCachePolicy(request, response);
  setSecurityHeaders(cached.headers);
  return cached;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a client navigating away) and unknown URLs are not errors worth logging.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
};
