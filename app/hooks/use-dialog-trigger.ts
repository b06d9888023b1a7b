import type { KeyboardEvent } from "react";
import { useHydrated } from "./use-rotation";

/**
 * For a link that, once the page's JavaScript runs, opens a dialog instead of going to its page (the Contact
 * control opens the modal, Delete asks in a confirmation): from hydration on it is announced as a button that
 * opens a dialog, and Space presses it as it would a button. Without JavaScript it stays a plain link to the
 * page that does the same thing.
 */
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
