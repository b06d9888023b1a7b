import type { CaseStudyStatus } from "./case-study-status";
import type { VersionAuthor } from "./versions.server";

// docs/behaviour.md#publishing-on-a-schedule: a draft can be given a publish time, a published entry an unpublish time.

export type ScheduleRefusal = "publish-time-on-published" | "unpublish-before-publish";

type Schedule = { publish_at: Date | null; unpublish_at: Date | null };
type Stored = Schedule & { status: CaseStudyStatus; scheduled_by: VersionAuthor | null };
type Asked = { status?: CaseStudyStatus; publish_at?: Date | null; unpublish_at?: Date | null };

/**
 * The schedule an entry has after a save: an absent time keeps the stored one, except that publishing a draft now
 * without naming a publish time drops the pending one. Whoever sets a time is kept as its author for the history.
 */
export function nextSchedule(
  stored: Stored,
  asked: Asked,
  author: VersionAuthor | null,
): { ok: true; value: Schedule & { scheduled_by: VersionAuthor | null } } | { ok: false; reason: ScheduleRefusal } {
  const status = asked.status ?? stored.status;
  const publish_at = asked.publish_at !== undefined ? asked.publish_at : status === "published" ? null : stored.publish_at;
  const unpublish_at = asked.unpublish_at !== undefined ? asked.unpublish_at : stored.unpublish_at;
  if (publish_at && status === "published") return { ok: false, reason: "publish-time-on-published" };
  if (publish_at && unpublish_at && unpublish_at <= publish_at) return { ok: false, reason: "unpublish-before-publish" };
  const changed = !sameTime(publish_at, stored.publish_at) || !sameTime(unpublish_at, stored.unpublish_at);
  const scheduled_by = !publish_at && !unpublish_at ? null : changed ? author : stored.scheduled_by;
  return { ok: true, value: { publish_at, unpublish_at, scheduled_by } };
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
