import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { listCaseStudies } from "~/domain/case-studies.server";
import { requireDb } from "~/server/db.server";

export async function loader(_: LoaderFunctionArgs) {
  await requireDb();
  const latest = await listCaseStudies({ page: 1, perPage: 3 });
  return { latest: latest.items, total: latest.total };
}

export default function Home() {
  const { latest, total } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-5 py-16 sm:px-8">
      <section className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{site.name}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
          We design, build and grow digital products.
        </h1>
        <p className="mt-5 text-lg text-slate-600">{site.blurb}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/contact" className="rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
            Start a project
          </Link>
          <Link to="/services" className="rounded-lg border border-slate-300 px-5 py-3 font-medium hover:bg-slate-50">
            Our services
          </Link>
        </div>
      </section>

      <section aria-labelledby="latest-work" className="mt-20">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-work" className="text-2xl font-bold tracking-tight">Latest work</h2>
          <Link to="/case-studies" className="text-sm font-medium text-brand-700 hover:underline">
            All {total} case studies
          </Link>
        </div>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {latest.map((study) => (
            <li key={study.id} className="overflow-hidden rounded-2xl border border-slate-200">
              <img src={study.image_url} alt="" width={1600} height={1000} loading="lazy" className="aspect-[16/10] w-full object-cover" />
              <div className="p-5">
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{study.industry}</p>
                <h3 className="mt-1 text-lg font-semibold">{study.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{study.client}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: `${site.name}: software, web, apps, design, video and marketing` },
  { name: "description", content: site.blurb },
];
