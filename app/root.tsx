import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { frameContent, titleWith } from "~/domain/page-content";
import { getEnv } from "~/server/env.server";
import { brandHead } from "~/server/fonts.server";
import { frameContentFor } from "~/server/preview.server";
import { getToast } from "~/server/toast.server";
import { BrandStyles } from "~/components/brand-styles";
import { SiteStyles } from "~/components/server-inline";
import { ErrorPage, errorTitle } from "~/components/site/error-page";
import { SiteFrame } from "~/components/site/frame";
import { Tracking } from "~/components/tracking";
import { useNonce } from "~/lib/nonce";

const ToastCenter = lazy(() => import("~/components/toast-center"));

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, { content, preview }] = await Promise.all([getToast(request), frameContentFor(request)]);
  const env = getEnv();
  return data(
    {
      toast: toast ?? null,
      frame: frameContent(content, preview),
      siteUrl: env.SITE_URL,
      brand: brandHead({ accent: content.brand.accent, font: content.brand.font }),
      tracking: { tagManagerId: env.TAG_MANAGER_ID ?? null, sessionRecordingId: env.SESSION_RECORDING_ID ?? null },
    },
    toast ? { headers } : undefined,
  );
}

// Remix skips revalidation after a 4xx/5xx action, but such an answer may carry an error toast the root loader reads.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionStatus, defaultShouldRevalidate }) =>
  (formMethod !== undefined && formMethod !== "GET" && actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

const MARK_SCRIPTED = 'document.documentElement.classList.add("js")';

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  const toast = loaderData?.toast;
  const nonce = useNonce();

  // Tests wait for this marker instead of React's internals: Layout's first effect runs once the document has hydrated.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => {
    if (toast) setToasterWanted(true);
  }, [toast]);

  return (
    // The inline script marks the document as scripted before its first paint, so the no-JS fallbacks
    // (.no-js-only) never flash on a page whose JavaScript runs.
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script id="mark-scripted" nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A preview shows drafts: never indexed, whatever the page's own meta says. */}
        {loaderData?.frame.preview ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <SiteStyles />
        {loaderData ? <BrandStyles brand={loaderData.brand} /> : null}
        <Links />
        {loaderData ? <Tracking {...loaderData.tracking} nonce={nonce} /> : null}
      </head>
      <body className="min-h-full bg-white font-sans text-ink antialiased">
        {toast ? (
          // Toasts need JavaScript; without it the same message shows in the page.
          <p role="status" className="no-js-only bg-brand-50 px-4 py-3 text-center text-sm font-medium text-brand-700">
            {toast.message}
          </p>
        ) : null}
        {children}
        {toasterWanted ? (
          <Suspense fallback={null}>
            <ToastCenter toast={toast ?? null} />
          </Suspense>
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export const meta: MetaFunction = ({ error, matches }) =>
  error ? [{ title: titleWith(matches, errorTitle(error)) }, { name: "robots", content: "noindex" }] : [];

// Outside the public pages' own boundary (an unknown address, the dashboard, the root loader): the site's frame
// without the stored settings, which may be what failed.
export function ErrorBoundary() {
  return (
    <SiteFrame settings={null}>
      <ErrorPage error={useRouteError()} />
    </SiteFrame>
  );
}
