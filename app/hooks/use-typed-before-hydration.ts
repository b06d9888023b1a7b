import { useEffect, type RefObject } from "react";

/**
 * A controlled field shows what React's state holds, so anything typed into the server-rendered form
 * before the page's JavaScript took over would be wiped by the next render. Once, on mount, `adopt` gets
 * a reader for the form's current values, to copy what is there into state.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (typed: (name: string) => string) => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    adopt((name) => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
    });
    // Only what was typed before the first render with JavaScript.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
