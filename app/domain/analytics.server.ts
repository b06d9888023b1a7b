import { AdminModel } from "~/models/admin.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { ANALYTICS_MESSAGE_DAYS as MESSAGE_DAYS } from "./constants";

/** Figures the product itself knows, for the dashboard's analytics; no third-party tracker involved. */
export type Analytics = {
  caseStudies: { total: number; byIndustry: { industry: string; count: number }[] };
  messages: { total: number; unread: number; perDay: { day: string; count: number }[] };
  admins: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;


/** The UTC calendar day of a date, as YYYY-MM-DD. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function getAnalytics(now = new Date()): Promise<Analytics> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (MESSAGE_DAYS - 1) * DAY_MS);
  const [caseStudyTotal, groups, messageTotal, unread, recent, admins] = await Promise.all([
    CaseStudyModel.countDocuments(),
    CaseStudyModel.aggregate<{ _id: string; count: number }>([{ $group: { _id: "$industry", count: { $sum: 1 } } }]),
    ContactMessageModel.countDocuments(),
    ContactMessageModel.countDocuments({ read: false }),
    ContactMessageModel.find({ created_at: { $gte: since } }, { created_at: 1 }).lean(),
    AdminModel.countDocuments(),
  ]);

  // Dates are bucketed here rather than in the database: the embedded engine cannot evaluate $dateToString.
  const counts = new Map<string, number>();
  for (const { created_at } of recent) counts.set(dayOf(created_at), (counts.get(dayOf(created_at)) ?? 0) + 1);
  const perDay = Array.from({ length: MESSAGE_DAYS }, (_, index) => {
    const day = dayOf(new Date(since.getTime() + index * DAY_MS));
    return { day, count: counts.get(day) ?? 0 };
  });

  return {
    caseStudies: {
      total: caseStudyTotal,
      byIndustry: groups
        .map((group) => ({ industry: group._id, count: group.count }))
        .sort((a, b) => b.count - a.count || a.industry.localeCompare(b.industry)),
    },
    messages: { total: messageTotal, unread, perDay },
    admins,
  };
}
