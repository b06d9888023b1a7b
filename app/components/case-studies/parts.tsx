import type { Outcome } from "~/domain/types";
import { formatMonthYearUtc } from "~/domain/format";
import { Icon } from "../icons";

export function TechnologyList({ technologies, className = "" }: { technologies: string[]; className?: string }) {
  if (technologies.length === 0) return null;
  return (
    <ul aria-label="Technologies" className={`flex flex-wrap gap-2 ${className}`}>
      {technologies.map((technology) => (
        <li key={technology} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
          {technology}
        </li>
      ))}
    </ul>
  );
}

export function OutcomeList({ outcomes, size = "sm", className = "" }: { outcomes: Outcome[]; size?: "sm" | "lg"; className?: string }) {
  if (outcomes.length === 0) return null;
  const large = size === "lg";
  return (
    <dl className={`grid grid-cols-3 gap-2 sm:gap-3 ${className}`}>
      {outcomes.map((outcome, index) => (
        <div key={index} className={`flex flex-col-reverse justify-end rounded-xl bg-brand-50 ${large ? "p-4 sm:p-6" : "p-3"}`}>
          <dt className={`mt-1 text-slate-600 ${large ? "text-sm" : "text-xs leading-snug"}`}>{outcome.label}</dt>
          <dd className={`font-bold tracking-tight text-brand-700 ${large ? "text-2xl sm:text-4xl" : "text-lg sm:text-xl"}`}>
            {outcome.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function VisitWebsiteLink({ url, client, className }: { url: string | null; client: string; className: string }) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      Visit Website
      <span className="sr-only"> of {client} (opens in a new tab)</span>
      <Icon name="external" className="h-4 w-4" />
    </a>
  );
}

// Unlabelled: the surrounding element names it.
export function Spinner({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" className={`animate-spin ${className}`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

// In UTC, so the server and the browser agree.
export function PublishedDate({ iso, className = "" }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatMonthYearUtc(iso)}
    </time>
  );
}
