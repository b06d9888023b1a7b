import { z } from "zod";

// What every form's schema is built from. A page loads its own form's schema and these, not every schema of the
// site: on /contact, evaluating all of them took about 20 ms of main thread, 80 ms on Lighthouse's phone
// (decision 0045).

/** A check that would also fail on a blank value (an email's format) goes in a `.pipe()`, so a blank field gets one message, not two. */
export const requiredText = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/** zod's own email rule (3.25), written out with both cases instead of a flag, so the OpenAPI document can state it as a pattern. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Each distinct message once, in field order: a refused form's summary. */
export function joinErrors(errors: Record<string, string[] | null> | undefined, fallback = ""): string {
  return [...new Set(Object.values(errors ?? {}).flatMap((list) => list ?? []))].join(", ") || fallback;
}
