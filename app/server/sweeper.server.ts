import { sweepEndedLinks } from "~/domain/account-links.server";
import { sweepExpiredTokens, sweepExpiredSessions } from "~/domain/access.server";
import { EMBEDDED_AUDIT_LIMIT, sweepOldAuditEvents } from "~/domain/audit-log.server";
import { sweepAutoReplyClaims } from "~/domain/auto-reply.server";
import { sweepOldSpam } from "~/domain/contact-messages.server";
import { sweepOldRefusals } from "~/domain/roles.server";
import { sweepUsedCaptchas } from "./captcha.server";
import { isDbConnected, isEmbedded } from "./db.server";
import { sweepFinishedMail } from "./mail-outbox.server";
import { sweepExpiredLimits } from "./rate-limit.server";
import { sweepFinishedDeliveries } from "./webhook-delivery.server";

// The embedded engine never applies TTL indexes and real MongoDB runs them once a minute: validity is checked
// in the queries, this only cleans up. Every instance runs it; deleting what is already gone is harmless.
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

type Sweep = { name: string; run: (now: Date) => Promise<number> };

const SWEEPS: Sweep[] = [
  { name: "api_tokens", run: sweepExpiredTokens },
  { name: "sessions", run: sweepExpiredSessions },
  { name: "captcha_nonces", run: sweepUsedCaptchas },
  { name: "rate_limits", run: sweepExpiredLimits },
  { name: "mail_outbox", run: sweepFinishedMail },
  { name: "audit_events", run: (now) => sweepOldAuditEvents(now, { keep: isEmbedded() ? EMBEDDED_AUDIT_LIMIT : undefined }) },
  { name: "account_links", run: sweepEndedLinks },
  { name: "spam", run: sweepOldSpam },
  { name: "auto_reply_claims", run: sweepAutoReplyClaims },
  { name: "webhook_deliveries", run: sweepFinishedDeliveries },
  { name: "refusals", run: sweepOldRefusals },
];

export async function sweepExpired(now = new Date()): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const sweep of SWEEPS) {
    try {
      removed[sweep.name] = await sweep.run(now);
    } catch (error) {
      console.error(`Sweep of ${sweep.name} failed: ${(error as Error).message}`);
    }
  }
  return removed;
}

let timer: NodeJS.Timeout | undefined;

export function startSweeper(intervalMs = SWEEP_INTERVAL_MS): void {
  if (timer) return;
  timer = setInterval(() => {
    if (isDbConnected()) void sweepExpired();
  }, intervalMs);
  timer.unref();
}
