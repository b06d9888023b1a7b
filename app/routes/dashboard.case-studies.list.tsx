import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { Link, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { Spinner } from "~/components/case-studies/parts";
import { Pagination } from "~/components/pagination";
import { CaseStudyCard, caseStudyDeleteHref } from "~/components/dashboard/case-study-card";
import { isPendingDelete } from "~/components/dashboard/dashboard-ui";
import { buttonClass } from "~/components/ui";
import { countCaseStudiesByStatus, listCaseStudies } from "~/domain/case-studies.server";
import { isCaseStudyStatus, type CaseStudyStatus } from "~/domain/case-study-status";
import { useCan } from "~/hooks/use-can";
import { requirePermission } from "~/server/auth.server";

const LIST = "/dashboard/case-studies/list";
export const CASE_STUDIES_PER_PAGE = 12;

const FILTERS: readonly { status: CaseStudyStatus | null; label: string; empty: string }[] = [
  { status: null, label: "All", empty: "No case studies found." },
  { status: "published", label: "Published", empty: "No published case studies." },
  { status: "draft", label: "Drafts", empty: "No drafts." },
];

function listHref(status: CaseStudyStatus | null, page = 1): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${LIST}?${search}` : LIST;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:read", context);
  const query = new URL(request.url).searchParams;
  const page = Number(query.get("page") ?? 1);
  const wanted = query.get("status");
  const status = isCaseStudyStatus(wanted) ? wanted : null;
  const [list, counts] = await Promise.all([
    listCaseStudies({ page, perPage: CASE_STUDIES_PER_PAGE, audience: "admin", status: status ?? undefined }),
    countCaseStudiesByStatus(),
  ]);
  return { list, status, counts: { all: counts.published + counts.draft, ...counts } };
}

export default function CaseStudyList() {
  const { list, status, counts } = useLoaderData<typeof loader>();
  const canWrite = useCan("case_studies:write");
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const visible = list.items.filter((caseStudy) => !isPendingDelete(fetchers, caseStudyDeleteHref(caseStudy.id)));
  const loading = navigation.state === "loading" && navigation.location.pathname === LIST;
  const first = (list.page - 1) * list.perPage + 1;
  const deletedMeanwhile = list.items.length - visible.length;
  const filter = FILTERS.find((entry) => entry.status === status) ?? FILTERS[0]!;

  return (
    <section aria-labelledby="case-studies-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="case-studies-heading" className="text-2xl font-bold tracking-tight">
            Case Studies
          </h2>
          {list.total > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              {list.pageCount > 1
                ? `Showing ${first}–${first + list.items.length - 1} of ${list.total}`
                : `${list.total - deletedMeanwhile} case ${list.total - deletedMeanwhile === 1 ? "study" : "studies"}`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/case-studies/featured" className={buttonClass.compact.secondary}>
            Featured order
          </Link>
          <Link to="/dashboard/case-studies/industries" className={buttonClass.compact.secondary}>
            Industries
          </Link>
          {canWrite ? (
            <Link to="/dashboard/case-studies/upload" className={buttonClass.compact.primary}>
              <span aria-hidden="true" className="text-base leading-none">
                +
              </span>
              Add New Case Study
            </Link>
          ) : null}
        </div>
      </div>

      <nav aria-label="Filter by status" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((entry) => {
            const current = entry.status === status;
            return (
              <li key={entry.label}>
                <Link
                  to={listHref(entry.status)}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex h-9 items-center gap-1.5 rounded-full px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    current
                      ? "bg-brand-600 text-white hover:bg-brand-700"
                      : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {entry.label}
                  <span className={current ? "text-white" : "text-slate-600"}>({counts[entry.status ?? "all"]})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {loading ? (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4 text-brand-600" />
          Loading case studies...
        </p>
      ) : null}

      {visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-700">{filter.empty}</p>
          {status !== null ? (
            <Link to={listHref(null)} className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline">
              Show all case studies
            </Link>
          ) : canWrite ? (
            <Link
              to="/dashboard/case-studies/upload"
              className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Add your first case study
            </Link>
          ) : null}
        </div>
      ) : (
        <ul aria-busy={loading || undefined} className={`grid gap-6 md:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
          {visible.map((caseStudy) => (
            <CaseStudyCard key={caseStudy.id} caseStudy={caseStudy} />
          ))}
        </ul>
      )}

      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => listHref(status, page)}
        label="Case study pages"
        size="compact"
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Case Studies") }, { name: "robots", content: "noindex" }];
