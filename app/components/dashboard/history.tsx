import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useNavigation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { titleWith } from "~/domain/page-content";
import { storedImage } from "~/lib/images";
import { useFormatTime } from "~/hooks/use-studio-time";
import type { Permission } from "~/domain/permissions";
import { useCan } from "~/hooks/use-can";
import type { FieldChange, VersionSummary } from "~/domain/versions.server";
import { wordDiff, type DiffPart } from "~/lib/word-diff";
import { Pagination, pageHref } from "../pagination";
import { ErrorPage, errorTitle } from "../site/error-page";
import { buttonClass } from "../ui";
import { ScreenHeading } from "./dashboard-ui";

// docs/behaviour.md#history: the history screens of content parts, case studies and the settings share these.

/** Labels of the fields whose name alone reads poorly; any other is its name in words ("shortDescription" → "Short description"). */
const FIELD_LABELS: Record<string, string> = {
  project_insight: "Project insight",
  image_url: "Image",
  image_alt: "Image alt text",
  website_url: "Website",
  slug: "Web address",
  seo_title: "Search-engine title",
  seo_description: "Search-engine description",
  seo_image_url: "Social image",
  whatsappNumber: "WhatsApp number",
  contactEmail: "Contact email",
  notificationEmails: "Also email new messages to",
  requireTwoFactor: "Require two-factor sign-in for every admin",
  recordPagesViewed: "Record the pages a visitor views before writing",
  leadWaitHours: "Hours a new lead may wait",
  timeZone: "Time zone",
  contactFields: "Contact form fields",
  autoReply: "Autoresponder",
  budgetRanges: "Budget ranges",
  heroHeadline: "Hero headline",
  heroEyebrow: "Hero eyebrow",
  teaserServices: "Services in the teaser",
  closingCta: "Closing button's label",
  url: "Address",
  alt: "Alt text",
  profileUrl: "Profile link",
  lastUpdated: "Last updated",
  body: "Text",
};

const inWords = (name: string) => {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "items.2.title" → "Services › 3 › Title": list items count from 1. */
function fieldLabel(path: string, labels: Record<string, string> = {}): string {
  return path
    .split(".")
    .map((segment) =>
      /^\d+$/.test(segment) ? String(Number(segment) + 1) : (labels[segment] ?? FIELD_LABELS[segment] ?? inWords(segment)),
    )
    .join(" › ");
}

const stateLabel = { draft: "Draft", published: "Published" } as const;

/**
 * "Version 12 · Published · Ada Editor · 26 Nov 2026, 14:03 UTC · restored from 9", in parts. A subject without
 * drafts (the settings) says no Draft or Published: every save of it is in use at once.
 */
function versionParts(version: VersionSummary, drafts: boolean, formatTime: (date: string) => string): string[] {
  const who = version.author ? version.author.name || version.author.email : version.action === "seed" ? "Starting point" : "Unknown";
  const parts = [`Version ${version.n}`, ...(drafts ? [stateLabel[version.state]] : []), who, formatTime(version.createdAt)];
  if (version.action === "create") parts.push("created");
  if (version.action === "schedule") parts.push(version.state === "published" ? "published on schedule" : "unpublished on schedule");
  if (version.restoredFrom !== null) parts.push(`restored from ${version.restoredFrom}`);
  return parts;
}

const versionLine = (version: VersionSummary, drafts: boolean, formatTime: (date: string) => string) =>
  versionParts(version, drafts, formatTime).join(" · ");

type Back = { to: string; label: string };

export function HistoryList({
  title,
  intro,
  back,
  path,
  list,
  drafts = true,
}: {
  title: string;
  intro?: ReactNode;
  back: Back;
  path: string;
  list: { items: VersionSummary[]; page: number; pageCount: number; total: number };
  /** Whether the subject has drafts, so its versions say Draft or Published. */
  drafts?: boolean;
}) {
  const formatTime = useFormatTime();
  return (
    <section className="max-w-3xl">
      <BackLink {...back} />
      <ScreenHeading title={title} />
      {intro ? <p className="-mt-4 mb-6 text-sm text-slate-600">{intro}</p> : null}
      {list.items.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">No versions yet: the first save keeps one.</p>
      ) : (
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {list.items.map((version) => (
            <li key={version.n}>
              <Link
                to={`${path}/${version.n}`}
                className="block px-4 py-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
              >
                <span className="font-semibold text-ink">{versionParts(version, drafts, formatTime)[0]}</span>
                {versionParts(version, drafts, formatTime)
                  .slice(1)
                  .map((part) => ` · ${part}`)
                  .join("")}
              </Link>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={pageHref(path)} label="History pages" size="compact" />
    </section>
  );
}

function BackLink({ to, label }: Back) {
  return (
    <p className="mb-3 text-sm">
      <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>
        {label}
      </Link>
    </p>
  );
}

const LONG_TEXT = 80;

function isLong(value: unknown): value is string {
  return typeof value === "string" && (value.length > LONG_TEXT || value.includes("\n"));
}

/** An image the site serves (an upload, or one of its own files): compared by eye, not by its file name. */
const isImage = (value: unknown): value is string =>
  typeof value === "string" && /^\/(?:uploads|images)\/(?!.*\.\.)[\w./-]+\.(?:webp|png|jpe?g|gif|avif|svg)$/i.test(value);

function Value({ value, alt }: { value: unknown; alt: string }) {
  if (value === undefined || value === null) return <span className="italic text-slate-600">(none)</span>;
  if (value === "") return <span className="italic text-slate-600">(empty)</span>;
  if (isImage(value))
    return (
      <img
        {...storedImage(value, "12rem")}
        alt={alt}
        loading="lazy"
        className="h-32 w-auto max-w-full rounded-md border border-slate-200 bg-white object-contain"
      />
    );
  return <span className="break-words">{typeof value === "string" ? value : JSON.stringify(value)}</span>;
}

function Marked({ parts, change }: { parts: DiffPart[]; change: "removed" | "added" }) {
  return parts.map((part, index) =>
    part.change === "same" ? (
      <span key={index}>{part.text}</span>
    ) : change === "removed" ? (
      <del key={index} className="bg-red-100 text-red-900">
        {part.text}
      </del>
    ) : (
      <ins key={index} className="bg-green-100 text-green-900 no-underline">
        {part.text}
      </ins>
    ),
  );
}

function Side({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{heading}</p>
      <div className="whitespace-pre-wrap text-sm text-slate-800">{children}</div>
    </div>
  );
}

function Change({ change, labels }: { change: FieldChange; labels?: Record<string, string> }) {
  const label = fieldLabel(change.path, labels);
  const long = isLong(change.before) || isLong(change.after);
  const marked = long
    ? wordDiff(typeof change.before === "string" ? change.before : "", typeof change.after === "string" ? change.after : "")
    : null;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="mb-2 text-sm font-semibold text-ink">{label}</h3>
      <div className="grid gap-2 md:grid-cols-2">
        <Side heading="Before">
          {marked ? <Marked parts={marked.before} change="removed" /> : <Value value={change.before} alt={`${label}, before`} />}
        </Side>
        <Side heading="After">
          {marked ? <Marked parts={marked.after} change="added" /> : <Value value={change.after} alt={`${label}, after`} />}
        </Side>
      </div>
    </li>
  );
}

/** One version: what it changed against the version before it that is still kept, and the form that restores it. */
export function VersionDetails({
  title,
  back,
  version,
  previous,
  changes,
  labels,
  restore,
  drafts = true,
}: {
  title: string;
  back: Back;
  version: VersionSummary;
  previous: number | null;
  changes: FieldChange[];
  labels?: Record<string, string>;
  restore: ReactNode;
  drafts?: boolean;
}) {
  const formatTime = useFormatTime();
  return (
    <section className="max-w-4xl">
      <BackLink {...back} />
      <ScreenHeading title={title} />
      <p className="-mt-4 mb-6 text-sm text-slate-600">{versionLine(version, drafts, formatTime)}</p>
      <h3 className="mb-3 text-lg font-semibold">
        {previous === null ? "Every field as this version kept it" : `What changed since version ${previous}`}
      </h3>
      {changes.length === 0 ? (
        <p className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600">No field changed.</p>
      ) : (
        <ol className="mb-6 space-y-3">
          {changes.map((change) => (
            <Change key={change.path} change={change} labels={labels} />
          ))}
        </ol>
      )}
      {restore}
    </section>
  );
}

/**
 * Posts to the version's own route: one button, or one per way to restore (`intent`). Left out for a role without
 * `permission`, which may read the history but not restore it.
 */
export function RestoreForm({
  buttons,
  permission,
}: {
  buttons: { label: string; intent?: string; primary?: boolean }[];
  permission: Permission;
}) {
  const busy = useNavigation().state === "submitting";
  if (!useCan(permission)) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <p className="w-full text-sm text-slate-600">Restoring keeps every version: this one comes back as a new version.</p>
      {buttons.map((button) => (
        <button
          key={button.label}
          type="submit"
          name={button.intent ? "intent" : undefined}
          value={button.intent}
          disabled={busy}
          className={button.primary === false ? buttonClass.compact.secondary : buttonClass.compact.primary}
        >
          {busy ? "Restoring..." : button.label}
        </button>
      ))}
    </Form>
  );
}

/** An unknown part, case study or version: the dashboard's 404, in its frame. */
export function HistoryError() {
  return <ErrorPage error={useRouteError()} back={{ to: "/dashboard", label: "Back to the dashboard" }} headingLevel={2} />;
}

export const historyMeta =
  (what: string): MetaFunction =>
  ({ error, matches }) => [{ title: titleWith(matches, error ? errorTitle(error) : what) }, { name: "robots", content: "noindex" }];
