import { AnimatePresence, MotionConfig, motion, useIsPresent } from "framer-motion";
import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type RefObject } from "react";
import type { ContactFields } from "~/domain/contact-schemas";
import type { LeadTopic } from "~/domain/lead-source";
import type { SiteSettings } from "~/domain/settings.server";
import { Icon } from "../icons";
import { GetInTouch } from "./contact-details";
import { ContactForm } from "./contact-form";

export const CONTACT_MODAL_ANIMATION_S = 0.3;
const transition = { duration: CONTACT_MODAL_ANIMATION_S, ease: [0.22, 1, 0.36, 1] } as const;

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]",
].join(",");

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest("[aria-hidden=true]") && element.getClientRects().length > 0,
  );
}

export function ContactModal({
  open,
  onClose,
  settings,
  topic = {},
  contactFields,
}: {
  open: boolean;
  onClose: () => void;
  settings: SiteSettings;
  topic?: LeadTopic;
  contactFields?: ContactFields;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // False from the moment a close starts, so the focus guard lets the layout refocus the opener.
  const active = useRef(false);

  const close = useCallback(() => {
    if (!active.current) return;
    active.current = false;
    onClose();
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    active.current = true;
    closeRef.current?.focus();

    // Lock the page's scroll, keeping the layout from shifting where scrollbars take room.
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        close();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (!active.current || !dialog || dialog.contains(event.target as Node)) return;
      (tabbables(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      active.current = false;
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close]);

  return (
    <MotionConfig reducedMotion="user">
      <AnimatePresence>
        {open ? (
          <ContactDialog
            key="contact-modal"
            dialogRef={dialogRef}
            closeRef={closeRef}
            onClose={close}
            settings={settings}
            topic={topic}
            contactFields={contactFields}
          />
        ) : null}
      </AnimatePresence>
    </MotionConfig>
  );
}

function ContactDialog({
  dialogRef,
  closeRef,
  onClose,
  settings,
  topic,
  contactFields,
}: {
  dialogRef: RefObject<HTMLDivElement>;
  closeRef: RefObject<HTMLButtonElement>;
  onClose: () => void;
  settings: SiteSettings;
  topic: LeadTopic;
  contactFields?: ContactFields;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const getInTouchId = `${id}-get-in-touch`;
  const sendId = `${id}-send`;
  const present = useIsPresent();

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = tabbables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !dialogRef.current.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !dialogRef.current.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <motion.div
      className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6"
      style={{ pointerEvents: present ? "auto" : "none" }}
    >
      <motion.div
        aria-hidden="true"
        data-contact-backdrop=""
        className="absolute inset-0 bg-slate-950/60 backdrop-blur-[2px]"
        onClick={onClose}
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={transition}
      />
      <motion.div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={trapTab}
        initial={{ opacity: 0, y: 40, scale: 0.98 }}
        animate={{ opacity: 1, y: 0, scale: 1 }}
        exit={{ opacity: 0, y: 40, scale: 0.98 }}
        transition={transition}
        className="relative flex max-h-[92dvh] w-full max-w-4xl flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl outline-none sm:max-h-[90dvh] sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-8 sm:py-5">
          <div>
            <h2 id={titleId} className="text-xl font-bold tracking-tight sm:text-2xl">
              Contact us
            </h2>
            <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
              Tell us about your project. We reply within one business day.
            </p>
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="grid min-h-0 overflow-y-auto overscroll-contain md:grid-cols-5">
          {/* Groups, not regions: the page behind (/contact itself, say) may have regions of the same names. */}
          <div role="group" aria-labelledby={getInTouchId} className="bg-brand-700 px-5 py-6 text-white sm:px-8 md:col-span-2 md:py-8">
            <GetInTouch settings={settings} headingId={getInTouchId} headingLevel={3} />
          </div>
          <div role="group" aria-labelledby={sendId} className="px-5 py-6 sm:px-8 md:col-span-3 md:py-8">
            <h3 id={sendId} className="text-xl font-bold tracking-tight">
              Send us a Message
            </h3>
            <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
            <ContactForm className="mt-5" contactEmail={settings.contactEmail} topic={topic} contactFields={contactFields} />
          </div>
        </div>
      </motion.div>
    </motion.div>
  );
}
