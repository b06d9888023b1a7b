import { sweepExpiredTokens } from "~/domain/api-tokens.server";
import { sweepExpiredSessions } from "~/domain/sessions.server";
import { sweepUsedCaptchas } from "./captcha.server";
import { isDbConnected } from "./db.server";
import { sweepFinishedMail } from "./mail-outbox.server";
import { sweepExpiredLimits } from "./rate-limit.server";

/**
 * Removes expired records (API tokens, sessions, captcha nonces, rate-limit counters, mail sent or given up
 * 30 days ago) every few minutes.
 * Real MongoDB also has TTL indexes on them, but the embedded engine never expires anything, and a TTL
 * index only runs once a minute: validity is always checked in the queries themselves, this only cleans up.
 * Every instance runs it; deleting what is already gone is harmless, so no instance is special.
 */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** One collection's clean-up: deletes what expired before `now`, returns how many went. */
type Sweep = { name: string; run: (now: Date) => Promise<number> };

const SWEEPS: Sweep[] = [
  { name: "api_tokens", run: sweepExpiredTokens },
  { name: "sessions", run: sweepExpiredSessions },
  { name: "captcha_nonces", run: sweepUsedCaptchas },
  { name: "rate_limits", run: sweepExpiredLimits },
  { name: "mail_outbox", run: sweepFinishedMail },
];

/** Runs every sweep once; a failed one is reported and does not stop the others. */
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

/** Starts the periodic sweep (once per process); the timer never keeps the process alive. */
export function startSweeper(intervalMs = SWEEP_INTERVAL_MS): void {
  if (timer) return;
  timer = setInterval(() => {
    if (isDbConnected()) void sweepExpired();
  }, intervalMs);
  timer.unref();
}
