import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { overviewCards } from "~/content/dashboard";
import { countCaseStudiesByStatus } from "~/domain/case-studies.server";
import { countUnread, medianFirstResponseMs, waitingLeads } from "~/domain/contact-messages.server";
import { formatDuration } from "~/domain/format";
import { pipelineFigures } from "~/domain/lead-figures.server";
import { LEAD_STATUSES } from "~/domain/leads";
import { messages } from "~/domain/messages";
import { getLeadWaitHours } from "~/domain/settings.server";
import { requireAdmin } from "~/server/auth.server";
import { embeddedLargeCollections } from "~/server/embedded-size.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const now = new Date();
  const waitHours = await getLeadWaitHours();
  const [unread, caseStudies, large, waiting, median, pipeline] = await Promise.all([
    countUnread(),
    countCaseStudiesByStatus(),
    embeddedLargeCollections(),
    waitingLeads(now, waitHours),
    medianFirstResponseMs(now),
    pipelineFigures(now),
  ]);
  return {
    unread,
    drafts: caseStudies.draft,
    published: caseStudies.published,
    largeStore: large.length ? messages.embeddedStoreLarge(large) : null,
    leads: {
      waitHours,
      waiting: waiting.count,
      oldest: waiting.oldest ? formatDuration(now.getTime() - new Date(waiting.oldest).getTime()) : null,
      medianFirstResponse: median === null ? messages.medianFirstResponseNone : formatDuration(median),
    },
    pipeline: { perStatusThisMonth: pipeline.perStatusThisMonth, wonThisQuarter: pipeline.wonThisQuarter },
  };
}

export default function DashboardOverview() {
  const { unread, drafts, published, largeStore, leads, pipeline } = useLoaderData<typeof loader>();
  const glance = [
    { label: "New messages", value: unread, to: "/dashboard/messages" },
    { label: "Drafts", value: drafts, to: "/dashboard/case-studies/list?status=draft" },
    { label: "Published case studies", value: published, to: "/dashboard/case-studies/list?status=published" },
  ];
  return (
    <div className="space-y-8">
      {largeStore ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {largeStore}
        </p>
      ) : null}
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
                  <dd className="text-xl font-bold">{pipeline.perStatusThisMonth[status]}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Link
            to="/dashboard/messages?tab=won"
            className="flex h-full flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-500"
          >
            <span className="text-sm text-slate-600">{messages.wonThisQuarter}</span>
            <span className="text-3xl font-bold tracking-tight">{pipeline.wonThisQuarter}</span>
          </Link>
        </div>
      </section>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {overviewCards.map((card) => (
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
