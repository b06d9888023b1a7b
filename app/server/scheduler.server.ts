import { applyDueSchedules } from "~/domain/case-studies.server";
import { isDbConnected } from "./db.server";
import { ports } from "./ports.server";

// docs/behaviour.md#publishing-on-a-schedule: every instance looks for due schedules this often, so a change takes
// effect within this interval of its time (the issue asks for a minute); each is claimed by one instance only.
export const SCHEDULE_INTERVAL_MS = 15_000;

export async function runDueSchedules(now = new Date()): Promise<void> {
  try {
    const { published, unpublished } = await applyDueSchedules(now, ports.images);
    if (published || unpublished) console.log(`Schedule: ${published} case studies published, ${unpublished} unpublished.`);
  } catch (error) {
    console.error(`Applying scheduled publishing failed (tried again in ${SCHEDULE_INTERVAL_MS / 1000} s): ${(error as Error).message}`);
  }
}

let timer: NodeJS.Timeout | undefined;

export function startScheduler(): void {
  if (timer) return;
  timer = setInterval(() => {
    if (isDbConnected()) void runDueSchedules();
  }, SCHEDULE_INTERVAL_MS);
  timer.unref();
}
