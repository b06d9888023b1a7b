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
  return <Toaster position="top-right" duration={toastDuration.long} hotkey={["altKey", "KeyT"]} closeButton />;
}
