import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { BottomTabBar, Footer, TopBar, type OpenContact } from "~/components/site/frame";
import { getSiteSettings } from "~/domain/settings.server";
import { requireDb } from "~/server/db.server";

// The modal (and framer-motion with it) loads on first use, so pages ship less JavaScript;
// hovering or focusing a Contact button fetches it ahead of the click.
const loadContactModal = () => import("~/components/site/contact-modal");
const ContactModal = lazy(() => loadContactModal().then((module) => ({ default: module.ContactModal })));

export async function loader(_: LoaderFunctionArgs) {
  await requireDb();
  return { settings: await getSiteSettings() };
}

export default function SiteLayout() {
  const { settings } = useLoaderData<typeof loader>();
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const openContact = useCallback<OpenContact>((event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setContactUsed(true);
    setContactOpen(true);
  }, []);
  const closeContact = useCallback(() => {
    setContactOpen(false);
    opener.current?.focus();
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar onContact={openContact} onContactIntent={loadContactModal} />
      <main id="content" className="flex-1 md:pt-16">
        <Outlet />
      </main>
      <Footer settings={settings} />
      <div className="h-16 md:hidden" aria-hidden="true" />
      <BottomTabBar onContact={openContact} onContactIntent={loadContactModal} />
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactModal open={contactOpen} onClose={closeContact} settings={settings} />
        </Suspense>
      ) : null}
    </div>
  );
}
