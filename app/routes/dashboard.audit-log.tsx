import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { Field, SelectField } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui";
import { listAdmins } from "~/domain/admins.server";
import { AUDIT_ACTION_OPTIONS, auditFilterOf, existingTargets, NO_ADMIN, readAuditLogQuery } from "~/domain/audit-log-query.server";
import { auditDetails, auditPlace } from "~/domain/audit-log-words";
import { listAuditEvents, listFormerActors, type AuditEvent } from "~/domain/audit-log.server";
import { isContentPart } from "~/domain/content-schemas";
import { useFormatTime } from "~/hooks/use-studio-time";
import { titleWith } from "~/domain/page-content";
import { browserName } from "~/lib/user-agent";
import { requirePermission } from "~/server/auth.server";
import { recentRefusals } from "~/domain/roles.server";
import { messages } from "~/domain/messages";

// docs/behaviour.md#audit-log: who did what, when, from where; newest first, filtered in the address. Read only.
const SCREEN = "/dashboard/audit-log";
const PER_PAGE = 25;
const FILTERS = ["actor", "action", "from", "to"] as const;

/** Where an entry's target can be seen now, when that is cheap to know: a deleted case study, admin or lead has no link. */
function targetHref({ type, id }: NonNullable<AuditEvent["target"]>, existing: Set<string>): string | null {
  switch (type) {
    case "case-study":
      return existing.has(`${type}:${id}`) ? `/dashboard/case-studies/edit/${id}` : null;
    case "admin":
      return existing.has(`${type}:${id}`) ? `/dashboard/users/${id}/edit` : null;
    case "industry":
      return existing.has(`${type}:${id}`) ? "/dashboard/case-studies/industries" : null;
    case "message":
      return existing.has(`${type}:${id}`) ? `/dashboard/messages/${id}` : null;
    case "content":
      return isContentPart(id) ? `/dashboard/content/${id}` : null;
    case "settings":
      return "/dashboard/settings";
    default:
      return null;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "audit:read", context);
  const url = new URL(request.url);
  const read = readAuditLogQuery(url.searchParams);
  const page = Number(url.searchParams.get("page") ?? 1);
  const [admins, log, refusals] = await Promise.all([
    listAdmins(),
    read.ok ? listAuditEvents(auditFilterOf(read.value), { page, perPage: PER_PAGE }) : null,
    recentRefusals(),
  ]);
  const [existing, former] = await Promise.all([
    log ? existingTargets(log.items) : new Set<string>(),
    listFormerActors(admins.map((admin) => admin.id)),
  ]);
  return {
    who: [
      ...admins.map(({ id, name, email }) => ({ value: id, label: `${name} (${email})` })),
      ...former.map(({ id, name }) => ({ value: id, label: `${name}, no longer an admin` })),
      { value: NO_ADMIN, label: "No admin (failed sign-ins, the schedule, the command line)" },
    ],
    actions: AUDIT_ACTION_OPTIONS,
    typed: Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<(typeof FILTERS)[number], string>,
    errors: read.ok ? {} : read.errors,
    refusals: refusals.map(({ admin, permission, count }) => ({
      who: admin ? `${admin.name} (${admin.email})` : "An admin since deleted",
      permission,
      count,
    })),
    log: log && {
      ...log,
      items: log.items.map((event) => ({
        id: event.id,
        at: event.at,
        label: event.label,
        who: event.actor.name || "No admin",
        email: event.actor.id ? "" : event.email,
        target: event.target && {
          label: event.target.label || event.target.id,
          href: targetHref(event.target, existing),
        },
        from: auditPlace(event.address, browserName(event.user_agent), event.details),
        details: auditDetails(event.details),
      })),
    },
  };
}

export default function AuditLog() {
  const formatTime = useFormatTime();
  const { who, actions, typed, errors, log, refusals } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "loading";
  const filtered = FILTERS.some((name) => typed[name]);
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(FILTERS.flatMap((name) => (typed[name] ? [[name, typed[name]]] : [])));
    if (page > 1) params.set("page", String(page));
    return params.size ? `${SCREEN}?${params}` : SCREEN;
  };
  return (
    <section className="max-w-5xl">
      <ScreenHeading title="Audit log" />
      <p className="mb-6 text-sm text-slate-600">
        Every sign-in, security event and change made in the dashboard, the API and the command line, newest first, kept one year. Times are
        UTC; addresses and browsers are as the server saw them. Entries cannot be edited or deleted.
      </p>

      {/* A GET form: the filters are in the address, so a filtered page can be linked, reloaded and used without JavaScript. */}
      <Form
        key={search}
        method="get"
        aria-label="Filter the audit log"
        className="mb-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField label="Who" selectProps={{ id: "actor", name: "actor", defaultValue: typed.actor }} errors={errors.actor}>
          <option value="">Anyone</option>
          {who.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="What" selectProps={{ id: "action", name: "action", defaultValue: typed.action }} errors={errors.action}>
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action.value} value={action.value}>
              {action.label}
            </option>
          ))}
        </SelectField>
        <Field label="From (UTC)" inputProps={{ id: "from", name: "from", type: "date", defaultValue: typed.from }} errors={errors.from} />
        <Field label="To (UTC)" inputProps={{ id: "to", name: "to", type: "date", defaultValue: typed.to }} errors={errors.to} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={buttonClass.compact.primary}>
            Filter
          </button>
          {filtered ? (
            <Link to={SCREEN} className={buttonClass.compact.secondary}>
              Clear filters
            </Link>
          ) : null}
          {log ? (
            <p role="status" className="text-sm text-slate-600">
              {log.total === 1 ? "1 entry" : `${log.total.toLocaleString("en-US")} entries`}
              {filtered ? " match these filters" : ""}
            </p>
          ) : null}
        </div>
      </Form>

      {!log ? null : log.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {filtered ? "No entries match these filters." : "Nothing has been recorded yet."}
        </p>
      ) : (
        <ol
          aria-label="Audit log entries, newest first"
          aria-busy={busy || undefined}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        >
          {log.items.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-4 md:grid-cols-[12rem_1fr] md:gap-x-6">
              <p className="text-sm text-slate-600">
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
              </p>
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {entry.label}
                  {entry.target ? (
                    <span className="font-normal">
                      {": "}
                      {entry.target.href ? (
                        <Link to={entry.target.href} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                          {entry.target.label}
                        </Link>
                      ) : (
                        entry.target.label
                      )}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm break-words text-slate-700">
                  {entry.who}
                  {entry.email ? `, as ${entry.email}` : ""}
                </p>
                <p className="text-sm break-words text-slate-600">{entry.from}</p>
                {entry.details ? <p className="text-xs break-words text-slate-600">{entry.details}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {log ? <Pagination page={log.page} pageCount={log.pageCount} hrefFor={hrefFor} label="Audit log pages" size="compact" /> : null}
      <RefusedAttempts refusals={refusals} />
    </section>
  );
}

/** Counted, not logged one by one (docs/security.md#roles): who was refused, what their role lacked, how often. */
function RefusedAttempts({ refusals }: { refusals: { who: string; permission: string; count: number }[] }) {
  return (
    <section aria-labelledby="refusals-heading" className="mt-10">
      <h3 id="refusals-heading" className="text-lg font-semibold">
        Refused attempts, last 30 days
      </h3>
      {refusals.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{messages.refusalsNone}</p>
      ) : (
        <ul
          aria-labelledby="refusals-heading"
          className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        >
          {refusals.map((refusal) => (
            <li key={`${refusal.who} ${refusal.permission}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
              <p className="min-w-0 break-words">{refusal.who}</p>
              <p className="text-sm text-slate-700">
                lacked <code className="font-mono text-xs">{refusal.permission}</code>:{" "}
                {refusal.count === 1 ? "1 attempt" : `${refusal.count} attempts`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Audit log") }, { name: "robots", content: "noindex" }];
