import { useFormatTime } from "~/hooks/use-studio-time";
import { UTM_FIELDS, type LeadSource } from "~/domain/lead-source";
import { messages } from "~/domain/messages";

const text = messages.leadSource;

/** What brought a lead, as plain text: every value came from a visitor's browser. */
export function LeadSourceBlock({ source }: { source: LeadSource | null }) {
  const formatTime = useFormatTime();
  if (!source) return <p className="mt-3 text-xs text-slate-600">{text.none}</p>;
  const utm = UTM_FIELDS.filter((field) => source.utm[field]);
  return (
    <details className="mt-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">{text.title}</summary>
      <dl className="mt-2 space-y-1">
        {source.service ? <Row label={text.service} value={source.service} /> : null}
        {source.case_study ? <Row label={text.caseStudy} value={source.case_study} /> : null}
        {source.landing_page === null ? (
          <Row label={text.visit} value={text.visitNotRecorded} />
        ) : (
          <>
            <Row label={text.firstPage} value={source.landing_page} />
            <Row label={text.cameFrom} value={source.referrer ?? text.noReferrer} />
          </>
        )}
        {utm.map((field) => (
          <Row key={field} label={`utm_${field}`} value={source.utm[field] ?? ""} />
        ))}
      </dl>
      {source.pages.length > 0 ? (
        <>
          <p className="mt-2 text-slate-600">{text.pagesViewed(source.pages.length)}</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {source.pages.map((page, index) => (
              <li key={`${index}-${page.path}`}>
                <span className="break-all">{page.path}</span>{" "}
                <time className="text-xs text-slate-600" dateTime={page.at}>
                  {formatTime(page.at)}
                </time>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </details>
  );
}

// Classes the stylesheet has already: it is inlined into every public page (decision 0007).
function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="break-all">{value}</dd>
    </div>
  );
}
