import { useEffect } from "react";
import { Toaster, toast as notify } from "sonner";
import { toastDuration } from "~/domain/messages";

export type ToastData = { message: string; type: "info" | "success" | "error" | "warning"; description?: string; duration?: number };

// Loaded lazily by the root on the first toast, so pages without one never download sonner.
export default function ToastCenter({ toast }: { toast: ToastData | null }) {
  // The Toaster's own effect subscribes first (child effects run before this one), so nothing is missed.
  useEffect(() => {
    if (toast) notify[toast.type](toast.message, { description: toast.description, duration: toast.duration });
  }, [toast]);
  useEffect(reserveToastSpace, []);
  return <Toaster position="top-right" duration={toastDuration.long} hotkey={["altKey", "KeyT"]} closeButton />;
}

/**
 * Keeps `--toast-space` on <html> at the bottom edge of the toasts on screen (0 without any): the dashboard's sticky
 * header grows to it, so a toast covers the header and never a form field.
 */
function reserveToastSpace() {
  const root = document.documentElement;
  const measure = () => {
    const bottoms = [...document.querySelectorAll("[data-sonner-toast]")].map((toast) => toast.getBoundingClientRect().bottom);
    root.style.setProperty("--toast-space", `${Math.ceil(Math.max(0, ...bottoms))}px`);
  };
  const observer = new MutationObserver(measure);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-mounted", "data-removed", "style"],
  });
  document.addEventListener("transitionend", measure);
  measure();
  return () => {
    observer.disconnect();
    document.removeEventListener("transitionend", measure);
    root.style.removeProperty("--toast-space");
  };
}
