import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { overviewCards } from "~/components/dashboard/navigation";
import { countCaseStudiesByStatus } from "~/domain/case-studies.server";
import { countUnread, medianFirstResponseMs, waitingLeads } from "~/domain/contact-messages.server";
import { formatDuration } from "~/domain/format";
import { pipelineFigures } from "~/domain/lead-figures.server";
import { LEAD_STATUSES } from "~/domain/leads";
import { messages } from "~/domain/messages";
import { getLeadWaitHours } from "~/domain/settings.server";
import { can, type Permission } from "~/domain/permissions";
import { getAdmin, requireAdmin } from "~/server/auth.server";
import { embeddedLargeCollections } from "~/server/embedded-size.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { role } = await getAdmin(request, context);
  // Every role sees the overview; each figure only with the permission to read what it counts (docs/security.md#roles).
  const allowed = (permission: Permission) => role !== null && can({ kind: "admin", role }, permission);
  const [large, caseStudies, leads] = await Promise.all([
    embeddedLargeCollections(),
    allowed("case_studies:read") ? countCaseStudiesByStatus() : null,
    allowed("leads:read") ? leadFigures(new Date()) : null,
  ]);
  return {
    largeStore: large.length ? messages.embeddedStoreLarge(large) : null,
    caseStudies,
    leads,
    cards: overviewCards.filter((card) => allowed(card.needs)),
  };
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
  const { largeStore, caseStudies, leads, cards } = useLoaderData<typeof loader>();
  const glance = [
    ...(leads ? [{ label: "New messages", value: leads.unread, to: "/dashboard/messages" }] : []),
    ...(caseStudies
      ? [
          { label: "Drafts", value: caseStudies.draft, to: "/dashboard/case-studies/list?status=draft" },
          { label: "Published case studies", value: caseStudies.published, to: "/dashboard/case-studies/list?status=published" },
        ]
      : []),
  ];
  return (
    <div className="space-y-8">
      {largeStore ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {largeStore}
        </p>
      ) : null}
      {glance.length ? (
        <section aria-labelledby="at-a-glance">
          <h2 id="at-a-glance" className="mb-3 text-sm font-semibold text-slate-600">
            At a glance
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {glance.map((item) => (
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
        </section>
      ) : null}
      {leads ? (
        <>
          <section aria-labelledby="speed-to-lead">
            <h2 id="speed-to-lead" className="mb-3 text-sm font-semibold text-slate-600">
              Speed to lead
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              <li>
                <Link
                  to="/dashboard/messages?tab=new"
                  className="flex h-full flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500"
                >
                  <span className="text-sm text-slate-600">
                    {messages.leadsWaiting(leads.waitHours)}:{" "}
                    {leads.oldest ? messages.leadsWaitingOldest(leads.oldest) : messages.leadsWaitingNone}
                  </span>
                  <span className="text-3xl font-bold tracking-tight">{leads.waiting}</span>
                </Link>
              </li>
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
