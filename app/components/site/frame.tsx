import { Form, PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState, type ComponentProps, type FocusEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";
import type { SiteSettings } from "~/domain/settings.server";
import { siteMessages } from "~/domain/site-messages";
import { useDialogTrigger } from "~/hooks/use-dialog-trigger";
import { useFrame } from "~/hooks/use-frame";
import { socialChannels } from "~/domain/social-channels";
import { initialOf, MARK_DRAWING } from "~/lib/brand-mark";
import { Icon, type IconName } from "../icons";
import { Container } from "../ui";

// docs/behaviour.md#frame
const mainNav = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Case Studies", to: "/case-studies" },
] as const;

const footerQuickLinks = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
] as const;

const footerLegalLinks = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Disclaimer", to: "/disclaimer" },
] as const;

const navIcons: Record<string, IconName> = { "/": "home", "/services": "services", "/about": "about", "/case-studies": "caseStudies" };

type OpenContact = (event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * The frame's links are plain anchors marked `data-route`; one handler on the frame sends their plain clicks to the
 * router, and one prefetches the page a `data-prefetch` link points at after 100 ms of hover or focus, as `<Link
 * prefetch="intent">` does. A `<Link>` runs a dozen router hooks per link at hydration; the frame has 16 links.
 * `data-discover` lets lazy route discovery find their routes ahead, as it does for a `<Link>`.
 */
function useFrameLinks() {
  const navigate = useNavigate();
  const location = useLocation();
  const [intent, setIntent] = useState<string | null>(null);
  const [prefetch, setPrefetch] = useState<string | null>(null);
  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetch(intent), 100);
    return () => clearTimeout(timer);
  }, [intent]);
  const linkOf = (event: SyntheticEvent, selector: string) =>
    event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
  const want = (event: SyntheticEvent) => {
    const link = linkOf(event, "a[data-prefetch]");
    if (link) setIntent(link.getAttribute("href"));
  };
  // Moving between the parts of one link (its icon, its text) is no leaving, as with mouseleave.
  const cancel = (event: MouseEvent | FocusEvent) => {
    const link = linkOf(event, "a[data-prefetch]");
    if (!link || (event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) return;
    setIntent(null);
    setPrefetch(null);
  };
  const handlers = {
    onClick(event: MouseEvent) {
      const link = linkOf(event, "a[data-route]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const to = link.getAttribute("href") ?? "/";
      // A link to the page already shown replaces its history entry, as a `<Link>` does.
      navigate(to, { replace: to === location.pathname + location.search + location.hash });
    },
    onMouseOver: want,
    onMouseOut: cancel,
    onFocus: want,
    onBlur: cancel,
    onTouchStart: want,
  };
  return { handlers, prefetch };
}

/** A frame link: an anchor the frame's handlers route on the client (see useFrameLinks). */
function FrameLink({ to, prefetch = false, children, ...props }: { to: string; prefetch?: boolean } & ComponentProps<"a">) {
  return (
    <a href={to} data-route="" data-prefetch={prefetch ? "" : undefined} data-discover="true" {...props}>
      {children}
    </a>
  );
}

function useIsActive() {
  const { pathname } = useLocation();
  // The active entry is an exact match on the current path (docs/behaviour.md#frame).
  return (to: string) => pathname === to || pathname === `${to}/`;
}

// `onContactIntent` fetches the modal early, on hover or focus.
function TopBar({ onContact, onContactIntent }: { onContact?: OpenContact; onContactIntent?: () => void }) {
  const dialogTrigger = useDialogTrigger();
  const isActive = useIsActive();
  const brand = useFrame()?.brand;
  return (
    <header className="z-40 border-b border-slate-200 bg-white/95 backdrop-blur md:fixed md:inset-x-0 md:top-0">
      <Container className="flex h-16 items-center justify-between gap-6">
        <FrameLink
          to="/"
          aria-label={brand?.name ? undefined : "Home"}
          className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight"
        >
          <BrandMark brand={brand} />
          <span className="truncate">{brand?.name}</span>
        </FrameLink>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <FrameLink
                  to={item.to}
                  prefetch
                  aria-current={isActive(item.to) ? "page" : undefined}
                  className={`rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive(item.to) ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {item.label}
                </FrameLink>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href="/contact"
          {...dialogTrigger}
          onClick={onContact}
          onPointerEnter={onContactIntent}
          onFocus={onContactIntent}
          className="hidden rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 md:inline-flex"
        >
          Contact
        </a>
      </Container>
    </header>
  );
}

function BottomTabBar({ onContact, onContactIntent }: { onContact?: OpenContact; onContactIntent?: () => void }) {
  const dialogTrigger = useDialogTrigger();
  const isActive = useIsActive();
  const item = "flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium";
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="flex">
        {mainNav.map((entry) => (
          <li key={entry.to} className="flex flex-1">
            <FrameLink
              to={entry.to}
              prefetch
              aria-current={isActive(entry.to) ? "page" : undefined}
              className={`${item} ${isActive(entry.to) ? "text-brand-700" : "text-slate-600"}`}
            >
              <Icon name={navIcons[entry.to] ?? "home"} />
              {entry.label}
            </FrameLink>
          </li>
        ))}
        <li className="flex flex-1">
          <a
            href="/contact"
            {...dialogTrigger}
            onClick={onContact}
            onPointerEnter={onContactIntent}
            onFocus={onContactIntent}
            onTouchStart={onContactIntent}
            className={`${item} text-slate-600`}
          >
            <Icon name="contact" />
            Contact
          </a>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The logo beside the studio's name (decorative: the name is beside it): the uploaded one, else the favicon's mark
 * drawn inline, since an `<img>` of an SVG costs the browser a document of its own before the first paint.
 */
export function BrandMark({ brand }: { brand: { name: string; logo: { url: string } | null } | undefined }) {
  const logo = brand?.logo;
  if (logo) {
    // An upload's 480-wide variant is ample for 28 CSS pixels; object-contain keeps a wide logo's shape in the box.
    const src = logo.url.replace(/-1600\.webp$/, "-480.webp");
    return <img src={src} alt="" width={28} height={28} className="h-7 w-7 shrink-0 object-contain" />;
  }
  const { box, radius, initial } = MARK_DRAWING;
  return (
    <svg viewBox={`0 0 ${box} ${box}`} width={28} height={28} aria-hidden="true" className="h-7 w-7 shrink-0 text-brand-600">
      <rect width={box} height={box} rx={radius} fill="currentColor" />
      <text x={initial.x} y={initial.y} textAnchor="middle" fontSize={initial.size} fontWeight={initial.weight} fill="#fff">
        {initialOf(brand?.name ?? "")}
      </text>
    </svg>
  );
}

/** The stored social links, then WhatsApp and email from the settings. */
export function SocialLinks({ settings, className = "" }: { settings: SiteSettings; className?: string }) {
  const links = useFrame()?.social ?? [];
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {socialChannels(links, settings).map((channel) => (
        <li key={channel.id}>
          <a
            href={channel.url}
            target={channel.icon === "email" ? undefined : "_blank"}
            rel="noopener noreferrer"
            aria-label={channel.name}
            title={channel.name}
            style={{ color: channel.color }}
            className="flex h-10 w-10 items-center justify-center rounded-full border border-slate-200 bg-white hover:border-current"
          >
            <Icon name={channel.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every public page's frame. Without `onContact` the Contact buttons are plain links to /contact; without
 * `settings` (an error page when they could not be read) the footer leaves out the social links.
 */
export function SiteFrame({
  settings,
  onContact,
  onContactIntent,
  children,
}: {
  settings: SiteSettings | null;
  onContact?: OpenContact;
  onContactIntent?: () => void;
  children: ReactNode;
}) {
  const { handlers, prefetch } = useFrameLinks();
  return (
    <div className="flex min-h-screen flex-col" {...handlers}>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar onContact={onContact} onContactIntent={onContactIntent} />
      <main id="content" className="flex-1 md:pt-16">
        <PreviewBanner />
        {children}
      </main>
      <Footer settings={settings} />
      <div className="h-16 md:hidden" aria-hidden="true" />
      <BottomTabBar onContact={onContact} onContactIntent={onContactIntent} />
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </div>
  );
}

/** In an admin's preview, on every public page: what it shows, and the way out (a plain form, so it works without JavaScript). */
function PreviewBanner() {
  const { pathname, search } = useLocation();
  if (!useFrame()?.preview) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-sm text-amber-950">
      <Container className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
        <p className="font-semibold">{siteMessages.previewBanner}</p>
        <Form method="post" action="/dashboard/preview" reloadDocument>
          <input type="hidden" name="intent" value="off" />
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-4 font-medium hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Exit preview
          </button>
        </Form>
      </Container>
    </div>
  );
}

function Footer({ settings }: { settings: SiteSettings | null }) {
  const year = new Date().getFullYear();
  const frame = useFrame();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          {frame ? <p className="text-lg font-bold">{frame.brand.name}</p> : null}
          {frame ? <p className="mt-3 max-w-md text-sm text-slate-600">{frame.footer.blurb}</p> : null}
          {settings ? <SocialLinks settings={settings} className="mt-5" /> : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold">
            Quick links
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <FrameLink to={link.to} className="text-slate-600 hover:text-brand-700 hover:underline">
                  {link.label}
                </FrameLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal-links">
          <h2 id="footer-legal-links" className="text-sm font-semibold">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLegalLinks.map((link) => (
              <li key={link.to}>
                <FrameLink to={link.to} className="text-slate-600 hover:text-brand-700 hover:underline">
                  {link.label}
                </FrameLink>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <div className="border-t border-slate-200">
        <Container className="py-5 text-sm text-slate-600">
          <p>
            © {year}
            {frame ? ` ${frame.brand.name}` : null}. All rights reserved.
          </p>
        </Container>
      </div>
    </footer>
  );
}
