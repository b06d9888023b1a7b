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
import { holdScriptsUntilFirstPaint } from "~/server/after-paint.server";
import { withCachePolicy } from "~/server/http-cache.server";
import { serverInline } from "~/server/server-inline.server";
import { startServer } from "~/server/startup.server";

// The server build is imported once when remix-serve starts: check the configuration, connect, seed.
startServer();

export const streamTimeout = 5_000;

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerInlineContext.Provider value={serverInline}>
        <RemixServer context={remixContext} url={request.url} />
      </ServerInlineContext.Provider>,
      {
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // In production the page's JavaScript waits for the first paint (~/lib/after-paint). Development
          // keeps Remix's markup as it is, so React's development checks see what they expect.
          const body = process.env.NODE_ENV === "production" ? holdScriptsUntilFirstPaint() : new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          for (const [name, value] of Object.entries(SECURITY_HEADERS)) responseHeaders.set(name, value);
          const response = new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          });
          pipe(body);
          resolve(withCachePolicy(request, response));
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

/** Client navigations' `.data` answers follow the same caching rules as the pages they belong to. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => withCachePolicy(request, response);

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a client navigating away) and unknown URLs are not errors worth logging.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
};
