import { formatDateTimeUtc } from "~/domain/format";
import { UTM_FIELDS, type LeadSource } from "~/domain/lead-source";

/** What brought a lead, as plain text: every value came from a visitor's browser. */
export function LeadSourceBlock({ source }: { source: LeadSource | null }) {
  if (!source) return <p className="mt-3 text-xs text-slate-600">Source: not recorded.</p>;
  const utm = UTM_FIELDS.filter((field) => source.utm[field]);
  return (
    <details className="mt-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">Source</summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">First page</dt>
        <dd className="break-all">{source.landing_page}</dd>
        <dt className="text-slate-600">Came from</dt>
        <dd className="break-all">{source.referrer ?? "no referrer (typed, bookmarked or hidden)"}</dd>
        {utm.map((field) => (
          <UtmRow key={field} label={`utm_${field}`} value={source.utm[field] ?? ""} />
        ))}
      </dl>
      {source.pages.length > 0 ? (
        <>
          <p className="mt-2 text-slate-600">Pages viewed ({source.pages.length}), oldest first</p>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            {source.pages.map((page, index) => (
              <li key={`${index}-${page.path}`}>
                <span className="break-all">{page.path}</span>{" "}
                <time className="text-xs text-slate-600" dateTime={page.at}>
                  {formatDateTimeUtc(page.at)}
                </time>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </details>
  );
}

function UtmRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all">{value}</dd>
    </>
  );
}
