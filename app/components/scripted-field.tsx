import { useHydrated } from "~/hooks/use-rotation";

/**
 * A hidden field a form carries once the page's JavaScript runs. The action then answers for a scripted
 * page (data with a toast, the page moving on by itself) instead of plain HTML (a redirect, the message
 * in the page). Used by sign-in, the case-study form and the admin form.
 */
const SCRIPTED = { name: "_js", value: "1" } as const;

export function ScriptedField() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED.name} value={SCRIPTED.value} /> : null;
}

/** Whether the submitted form came from a page running its JavaScript (see ScriptedField). */
export const sentWithScript = (form: FormData | null | undefined): boolean => form?.get(SCRIPTED.name) === SCRIPTED.value;
