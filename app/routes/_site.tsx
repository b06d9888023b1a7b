import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { ErrorPage } from "~/components/site/error-page";
import { SiteFrame } from "~/components/site/frame";
import { ContactOpener, type OpenContactAbout } from "~/components/site/contact-topic";
import type { LeadTopic } from "~/domain/lead-source";
import { frameSettingsFor } from "~/server/frame-settings.server";

// The modal (and framer-motion with it) loads on first use, so pages ship less JavaScript;
// hovering or focusing a Contact button fetches it ahead of the click.
const loadContactModal = () => import("~/components/site/contact-modal");
const ContactModal = lazy(() => loadContactModal().then((module) => ({ default: module.ContactModal })));

export async function loader({ context }: LoaderFunctionArgs) {
  return frameSettingsFor(context);
}

export default function SiteLayout() {
  const { settings, contactFields } = useLoaderData<typeof loader>();
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const [topic, setTopic] = useState<LeadTopic>({});
  const opener = useRef<HTMLElement | null>(null);

  // The frame's Contact buttons open it about nothing; a service's or case study's link about them.
  const openContact = useCallback<OpenContactAbout>((event, about = {}) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setTopic(about);
    setContactUsed(true);
    setContactOpen(true);
  }, []);
  const contactOpener = useMemo(() => ({ open: openContact, intent: loadContactModal }), [openContact]);
  const closeContact = useCallback(() => {
    setContactOpen(false);
    opener.current?.focus();
  }, []);

  return (
    <>
      <SiteFrame settings={settings} onContact={openContact} onContactIntent={loadContactModal}>
        <ContactOpener.Provider value={contactOpener}>
          <Outlet />
        </ContactOpener.Provider>
      </SiteFrame>
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactModal open={contactOpen} onClose={closeContact} settings={settings} topic={topic} contactFields={contactFields} />
        </Suspense>
      ) : null}
    </>
  );
}

// A page's error keeps the frame; the settings are there unless reading them was what failed.
export function ErrorBoundary() {
  const settings = useRouteLoaderData<typeof loader>("routes/_site")?.settings ?? null;
  return (
    <SiteFrame settings={settings}>
      <ErrorPage error={useRouteError()} />
    </SiteFrame>
  );
}
