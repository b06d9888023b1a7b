import type { KeyboardEvent } from "react";
import { useHydrated } from "./use-rotation";

// Once JavaScript runs the link opens a dialog, so it is announced as a button and Space must press it.
export function useDialogTrigger() {
  const hydrated = useHydrated();
  if (!hydrated) return {};
  return {
    role: "button",
    "aria-haspopup": "dialog",
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== " ") return;
      event.preventDefault();
      event.currentTarget.click();
    },
  } as const;
}
