import { applyDueSchedules } from "~/domain/case-studies.server";
import { SCHEDULE_INTERVAL_MS } from "~/domain/constants";
import { isDbConnected } from "./db.server";
import { ports } from "./ports.server";

// docs/behaviour.md#publishing-on-a-schedule: each due schedule is claimed by one instance only.

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
