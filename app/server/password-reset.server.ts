import { validityOf } from "~/domain/account-links";
import { messages } from "~/domain/messages";
import { requestPasswordReset } from "~/domain/password-resets.server";
import { adminTarget } from "./account-audit.server";
import { audit } from "./audit.server";
import { clientAddress } from "./client-address.server";
import { getEnv } from "./env.server";
import { ports } from "./ports.server";
import { hit } from "./rate-limit.server";

// docs/behaviour.md#password-reset, decision 0026. What a request costs before its answer is the same whether an
// admin has the email or not (the limits, counted for every valid request); what depends on it (finding the admin,
// the link, the mail, the audit entry) runs after the answer has left.

export type ResetRequestOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
  | { ok: false; status: 503; message: string };

// Only so that tests (and a shutdown) can wait for the work begun; nothing another instance needs.
const inFlight = new Set<Promise<void>>();

/** `email` as the schema gave it (lowercased). */
export async function requestReset(request: Request, email: string): Promise<ResetRequestOutcome> {
  if (!ports.mail.enabled()) return { ok: false, status: 503, message: messages.resetMailOff };
  const statuses = await Promise.all([hit("passwordResetAddress", clientAddress(request)), hit("passwordResetAccount", email)]);
  const limited = statuses.filter((status) => status.limited);
  if (limited.length) {
    const retryAfterSeconds = Math.max(...limited.map((status) => status.retryAfterSeconds));
    return { ok: false, status: 429, message: messages.resetThrottled(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds };
  }
  const work = prepareReset(request, email).finally(() => inFlight.delete(work));
  inFlight.add(work);
  return { ok: true, message: messages.resetRequested(validityOf("reset")) };
}

async function prepareReset(request: Request, email: string): Promise<void> {
  try {
    const admin = await requestPasswordReset(email, { mail: ports.mail, siteUrl: getEnv().SITE_URL });
    await audit(request, "password.reset-requested", { email, ...(admin ? { target: adminTarget(admin) } : {}) });
  } catch (error) {
    // Neither the email nor anything of the link: the log is not a place to learn who has an account.
    console.error(`A password reset could not be prepared: ${(error as Error).message}`);
  }
}

export async function passwordResetsIdle(): Promise<void> {
  await Promise.all([...inFlight]);
}
