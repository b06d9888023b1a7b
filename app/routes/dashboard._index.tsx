import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { overviewCards } from "~/components/dashboard/navigation";
import { recentAuditEvents } from "~/domain/audit-log.server";
import { auditThrough } from "~/domain/audit-log-words";
import { countCaseStudiesByStatus, listScheduledChanges } from "~/domain/case-studies.server";
import { countUnread, medianFirstResponseMs, waitingLeads } from "~/domain/contact-messages.server";
import { formatDuration } from "~/domain/format";
import { pipelineFigures } from "~/domain/lead-figures.server";
import { LEAD_STATUSES } from "~/domain/leads";
import { messages } from "~/domain/messages";
import { getLeadWaitHours } from "~/domain/settings.server";
import { can, type Permission } from "~/domain/permissions";
import { listContentStates } from "~/domain/site-content.server";
import { useFormatTime } from "~/hooks/use-studio-time";
import { getAdmin, requireAdmin } from "~/server/auth.server";
import { embeddedLargeCollections } from "~/server/embedded-size.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { role } = await getAdmin(request, context);
  // Every role sees the overview; each figure only with the permission to read what it counts (docs/security.md#roles).
  const allowed = (permission: Permission) => role !== null && can({ kind: "admin", role }, permission);
  const [large, caseStudies, leads, contentDrafts, scheduled, activity] = await Promise.all([
    embeddedLargeCollections(),
    allowed("case_studies:read") ? countCaseStudiesByStatus() : null,
    allowed("leads:read") ? leadFigures(new Date()) : null,
    allowed("content:read") ? countContentDrafts() : null,
    allowed("case_studies:read") ? listScheduledChanges(ATTENTION_ITEMS) : null,
    allowed("audit:read") ? recentActivity() : null,
  ]);
  return {
    largeStore: large.length ? messages.embeddedStoreLarge(large) : null,
    caseStudies,
    leads,
    contentDrafts,
    // An entry is handled in its editor; a role that cannot edit finds it in the list.
    scheduled: scheduled && { items: scheduled, editable: allowed("case_studies:write") },
    activity,
    cards: overviewCards.filter((card) => allowed(card.needs)),
  };
}

/** How many scheduled changes and audit entries "Needs attention" lists. */
const ATTENTION_ITEMS = 5;

async function countContentDrafts() {
  return Object.values(await listContentStates()).filter((part) => part.draftAt).length;
}

/** The newest audit entries in the log's own words (app/domain/audit-log-words.ts). */
async function recentActivity() {
  return (await recentAuditEvents(ATTENTION_ITEMS)).map((event) => ({
    id: event.id,
    at: event.at,
    text: [event.label, event.target ? event.target.label || event.target.id : null].filter(Boolean).join(": "),
    who: event.actor.name || "No admin",
    through: auditThrough(event.details),
  }));
}

async function leadFigures(now: Date) {
  const waitHours = await getLeadWaitHours();
  const [unread, waiting, median, pipeline] = await Promise.all([
    countUnread(),
    waitingLeads(now, waitHours),
    medianFirstResponseMs(now),
    pipelineFigures(now),
  ]);
  return {
    unread,
    waitHours,
    waiting: waiting.count,
    oldest: waiting.oldest ? formatDuration(now.getTime() - new Date(waiting.oldest).getTime()) : null,
    medianFirstResponse: median === null ? messages.medianFirstResponseNone : formatDuration(median),
    pipeline: { perStatusThisMonth: pipeline.perStatusThisMonth, wonThisQuarter: pipeline.wonThisQuarter },
  };
}

export default function DashboardOverview() {
  const { largeStore, caseStudies, leads, contentDrafts, scheduled, activity, cards } = useLoaderData<typeof loader>();
  const formatTime = useFormatTime();
  const figures = [
    ...(leads
      ? [
          { label: "New messages", value: leads.unread, to: "/dashboard/messages" },
          {
            label: `${messages.leadsWaiting(leads.waitHours)}: ${leads.oldest ? messages.leadsWaitingOldest(leads.oldest) : messages.leadsWaitingNone}`,
            value: leads.waiting,
            to: "/dashboard/messages?tab=new",
          },
        ]
      : []),
    ...(caseStudies
      ? [
          { label: "Drafts", value: caseStudies.draft, to: "/dashboard/case-studies/list?status=draft" },
          { label: "Published case studies", value: caseStudies.published, to: "/dashboard/case-studies/list?status=published" },
        ]
      : []),
    ...(contentDrafts !== null ? [{ label: "Site content drafts", value: contentDrafts, to: "/dashboard/content" }] : []),
  ];
  const listClass = "divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white text-sm";
  const rowLink = "block px-5 py-3 hover:bg-slate-50";
  return (
    <div className="space-y-8">
      {largeStore ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {largeStore}
        </p>
      ) : null}
      {figures.length || scheduled || activity ? (
        <section aria-labelledby="needs-attention" className="space-y-4">
          <h2 id="needs-attention" className="text-sm font-semibold text-slate-600">
            Needs attention
          </h2>
          {figures.length ? (
            <ul aria-label="Figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {figures.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="flex h-full flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500"
                  >
                    <span className="text-sm text-slate-600">{item.label}</span>
                    <span className="text-3xl font-bold tracking-tight">{item.value}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            {scheduled ? (
              <section aria-labelledby="scheduled-changes">
                <h3 id="scheduled-changes" className="mb-2 text-sm font-semibold text-slate-600">
                  Scheduled changes
                </h3>
                {scheduled.items.length ? (
                  <ul className={listClass}>
                    {scheduled.items.map((item) => (
                      <li key={`${item.change}-${item.id}`}>
                        <Link
                          to={scheduled.editable ? `/dashboard/case-studies/edit/${item.id}` : "/dashboard/case-studies/list"}
                          className={rowLink}
                        >
                          <span className="font-medium text-ink">{item.title}</span>
                          <span className="block text-slate-600">
                            {item.change === "publish" ? "Goes live" : "Back to draft"}{" "}
                            <time dateTime={item.at}>{formatTime(item.at)}</time>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="rounded-2xl border border-slate-200 bg-white px-5 py-3 text-sm text-slate-600">Nothing scheduled.</p>
                )}
              </section>
            ) : null}
            {activity ? (
              <section aria-labelledby="recent-activity">
                <h3 id="recent-activity" className="mb-2 text-sm font-semibold text-slate-600">
                  Recent activity
                </h3>
                {activity.length ? (
                  <ul className={listClass}>
                    {activity.map((entry) => (
                      <li key={entry.id}>
                        <Link to="/dashboard/audit-log" className={rowLink}>
                          <span className="font-medium text-ink">{entry.text}</span>
                          <span className="block text-slate-600">
                            {[entry.who, entry.through].filter(Boolean).join(", ")} ·{" "}
                            <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="rounded-2xl border border-slate-200 bg-white px-5 py-3 text-sm text-slate-600">Nothing recorded yet.</p>
                )}
              </section>
            ) : null}
          </div>
        </section>
      ) : null}
      {leads ? (
        <>
          <section aria-labelledby="speed-to-lead">
            <h2 id="speed-to-lead" className="mb-3 text-sm font-semibold text-slate-600">
              Speed to lead
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              <li className="flex h-full flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5">
                <span className="text-sm text-slate-600">{messages.medianFirstResponse}</span>
                <span className="text-3xl font-bold tracking-tight">{leads.medianFirstResponse}</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="pipeline">
            <h2 id="pipeline" className="mb-3 text-sm font-semibold text-slate-600">
              {messages.pipelineHeading}
            </h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:col-span-2">
                <h3 className="text-sm text-slate-600">{messages.leadsThisMonth}</h3>
                <dl className="mt-2 grid grid-cols-4 gap-x-4 gap-y-2 sm:grid-cols-7">
                  {LEAD_STATUSES.map((status) => (
                    <div key={status} className="flex flex-col-reverse">
                      <dt className="text-xs text-slate-600">{messages.leadStatus[status]}</dt>
                      <dd className="text-xl font-bold">{leads.pipeline.perStatusThisMonth[status]}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <Link
                to="/dashboard/messages?tab=won"
                className="flex h-full flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500"
              >
                <span className="text-sm text-slate-600">{messages.wonThisQuarter}</span>
                <span className="text-3xl font-bold tracking-tight">{leads.pipeline.wonThisQuarter}</span>
              </Link>
            </div>
          </section>
        </>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="block h-full rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500">
              <h2 className="font-semibold">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
