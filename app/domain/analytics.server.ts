import { AdminModel } from "~/models/admin.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { countCaseStudiesByStatus } from "./case-studies.server";
import { ANALYTICS_MESSAGE_DAYS as MESSAGE_DAYS, ANALYTICS_MESSAGE_WEEKS as MESSAGE_WEEKS } from "./constants";

export type Analytics = {
  /** Industries count drafts too. */
  caseStudies: { total: number; published: number; drafts: number; byIndustry: { industry: string; count: number }[] };
  messages: { total: number; unread: number; perDay: { day: string; count: number }[]; perWeek: MessageWeek[] };
  admins: number;
};

export type MessageWeek = { week: string; start: string; end: string; count: number; current: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export function startOfIsoWeek(date: Date): Date {
  const mondayBased = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(startOfDay(date).getTime() - mondayBased * DAY_MS);
}

// ISO 8601: a week belongs to its Thursday's year.
export function isoWeekName(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

export async function getAnalytics(now = new Date()): Promise<Analytics> {
  const daysSince = new Date(startOfDay(now).getTime() - (MESSAGE_DAYS - 1) * DAY_MS);
  const thisWeek = startOfIsoWeek(now);
  const weeksSince = new Date(thisWeek.getTime() - (MESSAGE_WEEKS - 1) * WEEK_MS);
  const since = daysSince < weeksSince ? daysSince : weeksSince;
  const [byStatus, groups, messageTotal, unread, recent, admins] = await Promise.all([
    countCaseStudiesByStatus(),
    CaseStudyModel.aggregate<{ _id: string; count: number }>([{ $group: { _id: "$industry", count: { $sum: 1 } } }]),
    ContactMessageModel.countDocuments(),
    ContactMessageModel.countDocuments({ read: false }),
    ContactMessageModel.find({ created_at: { $gte: since } }, { created_at: 1 }).lean(),
    AdminModel.countDocuments(),
  ]);

  // Dates are bucketed here rather than in the database: the embedded engine cannot evaluate $dateToString.
  const perDayCounts = new Map<string, number>();
  const perWeekCounts = new Map<string, number>();
  for (const { created_at } of recent) {
    const day = dayOf(created_at);
    perDayCounts.set(day, (perDayCounts.get(day) ?? 0) + 1);
    const week = dayOf(startOfIsoWeek(created_at));
    perWeekCounts.set(week, (perWeekCounts.get(week) ?? 0) + 1);
  }
  const perDay = Array.from({ length: MESSAGE_DAYS }, (_, index) => {
    const day = dayOf(new Date(daysSince.getTime() + index * DAY_MS));
    return { day, count: perDayCounts.get(day) ?? 0 };
  });
  const perWeek = Array.from({ length: MESSAGE_WEEKS }, (_, index): MessageWeek => {
    const monday = new Date(weeksSince.getTime() + index * WEEK_MS);
    const start = dayOf(monday);
    return {
      week: isoWeekName(monday),
      start,
      end: dayOf(new Date(monday.getTime() + 6 * DAY_MS)),
      count: perWeekCounts.get(start) ?? 0,
      current: index === MESSAGE_WEEKS - 1,
    };
  });

  return {
    caseStudies: {
      total: byStatus.published + byStatus.draft,
      published: byStatus.published,
      drafts: byStatus.draft,
      byIndustry: groups
        .map((group) => ({ industry: group._id, count: group.count }))
        .sort((a, b) => b.count - a.count || a.industry.localeCompare(b.industry)),
    },
    messages: { total: messageTotal, unread, perDay, perWeek },
    admins,
  };
}
