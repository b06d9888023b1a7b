import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useLoaderData } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { getAnalytics, type MessageWeek } from "~/domain/analytics.server";
import { ANALYTICS_MESSAGE_DAYS as MESSAGE_DAYS, ANALYTICS_MESSAGE_WEEKS as MESSAGE_WEEKS, LEAD_FIGURE_DAYS } from "~/domain/constants";
import { recentSourceFigures } from "~/domain/lead-figures.server";
import { messages as text } from "~/domain/messages";
import { requirePermission } from "~/server/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "leads:read", context);
  const [analytics, sources] = await Promise.all([getAnalytics(), recentSourceFigures()]);
  return { analytics, sources };
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight">{value}</dd>
    </div>
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// No locale data, so the server and every browser agree.
function shortDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

function weekLabel(week: MessageWeek): string {
  return `${shortDate(week.start)} – ${shortDate(week.end)}${week.current ? " (this week)" : ""}`;
}

export default function Analytics() {
  const { analytics, sources } = useLoaderData<typeof loader>();
  const { caseStudies, messages, admins } = analytics;
  const busiest = Math.max(1, ...messages.perDay.map((entry) => entry.count));
  const industryMax = Math.max(1, ...caseStudies.byIndustry.map((entry) => entry.count));
  const weekMax = Math.max(1, ...messages.perWeek.map((entry) => entry.count));
  return (
    <div className="space-y-8">
      <ScreenHeading title="Analytics" />
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Stat label="Case studies" value={caseStudies.total} />
        <Stat label="Published case studies" value={caseStudies.published} />
        <Stat label="Draft case studies" value={caseStudies.drafts} />
        <Stat label="Contact messages" value={messages.total} />
        <Stat label="Unread messages" value={messages.unread} />
        <Stat label="Admins" value={admins} />
      </dl>

      <section aria-labelledby="per-industry" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="per-industry" className="font-semibold">
          Case studies per industry
        </h3>
        {caseStudies.byIndustry.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No case studies yet.</p>
        ) : (
          <table className="mt-4 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Industry</th>
                <th scope="col">Case studies</th>
              </tr>
            </thead>
            <tbody>
              {caseStudies.byIndustry.map((entry) => (
                <tr key={entry.industry}>
                  <th scope="row" className="w-40 py-1.5 pr-3 text-left font-medium">
                    {entry.industry}
                  </th>
                  <CountCell count={entry.count} max={industryMax} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="lead-figures" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="lead-figures" className="font-semibold">
          {text.leadFigures.heading(LEAD_FIGURE_DAYS)}
        </h3>
        <p className="text-sm text-slate-600">{text.leadFigures.intro}</p>
        <div className="grid gap-6 md:grid-cols-2">
          <Ranking
            title={text.leadFigures.perSource}
            rows={sources.perSource.map((entry) => ({
              ...entry,
              label:
                entry.kind === "utm"
                  ? text.leadFigures.utm(entry.name)
                  : entry.kind === "direct"
                    ? text.leadFigures.direct
                    : entry.kind === "none"
                      ? text.leadFigures.notRecorded
                      : entry.name,
            }))}
          />
          <Ranking title={text.leadFigures.perService} rows={sources.perService} />
          <Ranking title={text.leadFigures.chatsPerService} rows={sources.chatsPerService} />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <Ranking
            title={`${text.leadFigures.viewedBeforeLeads}: ${text.leadFigures.caseStudies}`}
            rows={sources.viewedBefore.leads.caseStudies}
          />
          <Ranking
            title={`${text.leadFigures.viewedBeforeLeads}: ${text.leadFigures.services}`}
            rows={sources.viewedBefore.leads.services}
          />
          <Ranking
            title={`${text.leadFigures.viewedBeforeWon}: ${text.leadFigures.caseStudies}`}
            rows={sources.viewedBefore.won.caseStudies}
          />
          <Ranking title={`${text.leadFigures.viewedBeforeWon}: ${text.leadFigures.services}`} rows={sources.viewedBefore.won.services} />
        </div>
      </section>

      <section aria-labelledby="per-week" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="per-week" className="font-semibold">
          Contact messages per week, last {MESSAGE_WEEKS} weeks
        </h3>
        <p className="mt-1 text-sm text-slate-600">Weeks run from Monday to Sunday (UTC); the current week counts so far.</p>
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="w-64 py-1.5 pr-3 font-medium">
                Week
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Messages
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.perWeek.map((entry) => (
              <tr key={entry.week} data-week={entry.week}>
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  {weekLabel(entry)}
                </th>
                <CountCell count={entry.count} max={weekMax} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="per-day" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h3 id="per-day" className="font-semibold">
          Contact messages per day, last {MESSAGE_DAYS} days
        </h3>
        <div className="mt-4 flex h-40 items-end gap-1" aria-hidden="true">
          {messages.perDay.map((entry) => (
            <div
              key={entry.day}
              className="flex-1 rounded-t bg-brand-500/80"
              style={{ height: `${(entry.count / busiest) * 100}%`, minHeight: entry.count ? 4 : 1 }}
              title={`${entry.day}: ${entry.count}`}
            />
          ))}
        </div>
        {/* Hidden by a wrapper: a table ignores sr-only's 1 px box and would leave its full height below the page. */}
        <div className="sr-only">
          <table>
            <caption>Contact messages per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Messages</th>
              </tr>
            </thead>
            <tbody>
              {messages.perDay.map((entry) => (
                <tr key={entry.day}>
                  <td>{entry.day}</td>
                  <td>{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 flex justify-between text-xs text-slate-600">
          <span>{messages.perDay[0]?.day}</span>
          <span>{messages.perDay.at(-1)?.day}</span>
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Analytics") }, { name: "robots", content: "noindex" }];

/** A ranked list as a table: the first ten, most first. */
function Ranking({ title, rows }: { title: string; rows: { name: string; label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <div>
      <h4 className="text-sm font-semibold">{title}</h4>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{text.leadFigures.none}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <tbody>
            {rows.slice(0, 10).map((row) => (
              <tr key={`${row.label}|${row.name}`}>
                <th scope="row" className="w-48 py-1 pr-3 text-left font-medium">
                  {row.label}
                </th>
                <CountCell count={row.count} max={max} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The bar is for the eye only. */
function CountCell({ count, max }: { count: number; max: number }) {
  return (
    <td className="py-1.5">
      <div className="flex items-center gap-3">
        <div
          className="h-2.5 rounded-full bg-brand-500"
          style={{ width: `${max ? (count / max) * 100 : 0}%`, minWidth: count ? 4 : 0 }}
          aria-hidden="true"
        />
        <span>{count}</span>
      </div>
    </td>
  );
}
