import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { Spinner } from "~/components/case-studies/parts";
import { pageHref, Pagination } from "~/components/pagination";
import { CaseStudyCard } from "~/components/dashboard/case-study-card";
import { ScreenHeading, buttonClass, isPendingDelete } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { deleteCaseStudy, listCaseStudies } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { jsonWithError, jsonWithSuccess } from "~/server/toast.server";
import { uploadedImages } from "~/server/uploads.server";

const LIST = "/dashboard/case-studies/list";
/** Four rows of the three-column grid. */
export const CASE_STUDIES_PER_PAGE = 12;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  // A page past the end (or nonsense) is clamped by the query.
  return { list: await listCaseStudies({ page, perPage: CASE_STUDIES_PER_PAGE }) };
}

/** Deletes from the list with JavaScript (a fetcher: the card leaves without a reload). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "delete") return jsonWithError({ ok: false }, messages.caseStudyDeleteFailed, { status: 400 });
  const deleted = await deleteCaseStudy(String(form.get("id") ?? ""), uploadedImages);
  return deleted
    ? jsonWithSuccess({ ok: true }, messages.caseStudyDeleted)
    : jsonWithError({ ok: false }, messages.caseStudyDeleteFailed, { status: 404 });
}

export default function CaseStudyList() {
  const { list } = useLoaderData<typeof loader>();
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const visible = list.items.filter((caseStudy) => !isPendingDelete(fetchers, caseStudy.id));
  const loading = navigation.state === "loading" && navigation.location.pathname === LIST;
  const first = (list.page - 1) * list.perPage + 1;
  const deletedMeanwhile = list.items.length - visible.length;

  return (
    <section aria-labelledby="case-studies-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="case-studies-heading" className="text-2xl font-bold tracking-tight">Case Studies</h2>
          {list.total > 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              {list.pageCount > 1
                ? `Showing ${first}–${first + list.items.length - 1} of ${list.total}`
                : `${list.total - deletedMeanwhile} case ${list.total - deletedMeanwhile === 1 ? "study" : "studies"}`}
            </p>
          ) : null}
        </div>
        <Link to="/dashboard/case-studies/upload" className={buttonClass.primary}>
          <span aria-hidden="true" className="text-base leading-none">+</span>
          Add New Case Study
        </Link>
      </div>

      {loading ? (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4 text-brand-600" />
          Loading case studies...
        </p>
      ) : null}

      {visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-700">No case studies found.</p>
          <Link to="/dashboard/case-studies/upload" className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline">
            Add your first case study
          </Link>
        </div>
      ) : (
        <ul aria-busy={loading || undefined} className={`grid gap-6 md:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
          {visible.map((caseStudy) => (
            <CaseStudyCard key={caseStudy.id} caseStudy={caseStudy} deleteAction={LIST} />
          ))}
        </ul>
      )}

      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={pageHref(LIST)} label="Case study pages" size="compact" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Case Studies | ${site.name}` }, { name: "robots", content: "noindex" }];
