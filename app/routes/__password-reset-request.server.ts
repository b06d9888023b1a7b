import { validityOf } from "~/domain/account-links";
import { messages } from "~/domain/messages";
import { recordResetRequest } from "~/domain/password-resets.server";
import { clientAddress, requestOrigin } from "~/server/client-address.server";
import { queuePasswordReset } from "~/server/mail-outbox.server";
import { ports } from "~/server/ports.server";
import { hit } from "~/server/rate-limit.server";

// docs/behaviour.md#password-reset, decision 0026. A request does the same work before its answer whether or not an
// admin has the email (the limits, one lookup, one audit entry, one queued request); the link and the mail are
// made by the mail outbox's next turn, on whichever instance, apart from any request.

export type ResetRequestOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
  | { ok: false; status: 501; message: string };

/** `email` as the schema gave it (lowercased). */
export async function requestReset(request: Request, email: string, door: "form" | "api"): Promise<ResetRequestOutcome> {
  // 501: the feature is off on this server, which waiting does not change (a 503 asks clients to retry later).
  if (!ports.mail.enabled()) return { ok: false, status: 501, message: messages.resetMailOff };
  const statuses = await Promise.all([hit("passwordResetAddress", clientAddress(request)), hit("passwordResetAccount", email)]);
  const limited = statuses.filter((status) => status.limited);
  if (limited.length) {
    const retryAfterSeconds = Math.max(...limited.map((status) => status.retryAfterSeconds));
    return { ok: false, status: 429, message: messages.resetThrottled(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds };
  }
  await recordResetRequest(email, requestOrigin(request, null, door));
  await queuePasswordReset(email);
  return { ok: true, message: messages.resetRequested(validityOf("reset")) };
}
