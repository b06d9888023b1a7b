import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { overviewCards } from "~/content/dashboard";
import { countCaseStudiesByStatus } from "~/domain/case-studies.server";
import { countUnread } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { embeddedLargeCollections } from "~/server/embedded-size.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [unread, caseStudies, large] = await Promise.all([countUnread(), countCaseStudiesByStatus(), embeddedLargeCollections()]);
  return {
    unread,
    drafts: caseStudies.draft,
    published: caseStudies.published,
    largeStore: large.length ? messages.embeddedStoreLarge(large) : null,
  };
}

export default function DashboardOverview() {
  const { unread, drafts, published, largeStore } = useLoaderData<typeof loader>();
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
