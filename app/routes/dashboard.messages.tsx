import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { Form, Link, useFetchers, useLoaderData, useLocation } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { LeadSourceBlock } from "~/components/dashboard/lead-source";
import { DeleteButton, ScreenHeading, isPendingDelete } from "~/components/dashboard/dashboard-ui";
import { Field, SelectField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { listAdmins } from "~/domain/admins.server";
import { changeLeads, countLeadTabs, listLeads, markRead, type LeadChange, type LeadFilter } from "~/domain/contact-messages.server";
import { formatDuration } from "~/domain/format";
import { useFormatTime } from "~/hooks/use-studio-time";
import { isLeadStatus, LEAD_EXPORT_MAX, LEAD_STATUSES, LEAD_TABS, OWNER_FILTERS, type LeadTab } from "~/domain/leads";
import { messages as text } from "~/domain/messages";
import { getLeadWaitHours, getNotificationRecipients } from "~/domain/settings.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { mailEnabled } from "~/server/mailer.server";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/server/toast.server";
import { dayOf, INBOX, INBOX_EXPORT, inboxHref, readFilters } from "./__inbox-filters";

// docs/behaviour.md#leads: the inbox is the pipeline; its filters live in the address (a GET form).
const PER_PAGE = 20;
const deleteHref = (id: string) => `/dashboard/messages/${id}/delete`;
const NOBODY = "none";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "leads:read", context);
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  const filter: LeadFilter = { ...filters, adminId: admin.id, from: dayOf(filters.from), to: dayOf(filters.to) };
  const page = Number(params.get("page") ?? 1);
  const [inbox, counts, admins, emailTo, waitHours] = await Promise.all([
    listLeads(filter, { page, perPage: PER_PAGE }),
    countLeadTabs(filter),
    listAdmins(),
    mailEnabled() ? null : getNotificationRecipients(),
    getLeadWaitHours(),
  ]);
  // Speed to lead: the mark is text, worked out here so the server and the browser say the same.
  const now = Date.now();
  const waiting = Object.fromEntries(
    inbox.items.flatMap((lead) => {
      const age = now - new Date(lead.created_at).getTime();
      return lead.status === "new" && age > waitHours * 3_600_000 ? [[lead.id, text.leadWaiting(formatDuration(age))]] : [];
    }),
  );
  return {
    inbox,
    waiting,
    counts,
    filters,
    admins: admins.map(({ id, name }) => ({ id, name })),
    emailNotifications: emailTo ? { enabled: false as const, recipients: emailTo } : { enabled: true as const },
  };
}

function changeOf(form: FormData): LeadChange {
  const status = form.get("status");
  const owner = String(form.get("owner") ?? "");
  return {
    ...(isLeadStatus(status) ? { status } : {}),
    ...(owner === NOBODY ? { owner: null } : owner ? { owner } : {}),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "leads:write");
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  // Back to the same filtered page (only ever this screen's own address).
  const back = `${INBOX}${new URL(request.url).search}`;
  switch (form.get("intent")) {
    case "read":
    case "unread":
      return (await markRead(id, form.get("intent") === "read"))
        ? { ok: true }
        : jsonWithError({ ok: false }, text.messageNotFound, { status: 404 });
    case "bulk": {
      const ids = form.getAll("ids").map(String);
      const change = changeOf(form);
      if (ids.length === 0) return redirectWithError(back, text.leadsNoneSelected);
      if (change.status === undefined && change.owner === undefined) return redirectWithError(back, text.leadsNoChange);
      const result = await changeLeads(ids, change, requestOrigin(request, admin, "form"), ports.mail);
      if (!result.ok) return redirectWithError(back, text.leadOwnerUnknown);
      return redirectWithSuccess(back, text.leadsChanged(result.value));
    }
    default:
      return jsonWithError({ ok: false }, text.messageNotFound, { status: 400 });
  }
}

export default function Inbox() {
  const formatTime = useFormatTime();
  const { inbox, waiting, counts, filters, admins, emailNotifications } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const fetchers = useFetchers();
  const visible = inbox.items.filter((message) => !isPendingDelete(fetchers, deleteHref(message.id)));
  const ownerName = (id: string | null) => (id ? (admins.find((admin) => admin.id === id)?.name ?? "") : text.leadNoOwner);
  return (
    <section>
      <ScreenHeading title="Messages" />
      {emailNotifications.enabled ? null : (
        <p className="mb-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {text.emailNotificationsOff(emailNotifications.recipients.join(", "))}
        </p>
      )}
      <nav aria-label="Lead status" className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(LEAD_TABS) as LeadTab[]).map((tab) => (
          <Link
            key={tab}
            to={inboxHref(filters, { tab })}
            aria-current={filters.tab === tab ? "page" : undefined}
            className={filters.tab === tab ? buttonClass.compact.primary : buttonClass.compact.secondary}
          >
            {text.leadTab[tab]} <span className="tabular-nums">({counts[tab]})</span>
          </Link>
        ))}
      </nav>
      <Form
        key={search}
        method="get"
        aria-label="Filter the leads"
        className="mb-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-4"
      >
        {filters.tab === "all" ? null : <input type="hidden" name="tab" value={filters.tab} />}
        <Field label="Search" inputProps={{ id: "q", name: "q", type: "search", defaultValue: filters.q }} />
        <SelectField label="Owner" selectProps={{ id: "owner", name: "owner", defaultValue: filters.owner }}>
          {OWNER_FILTERS.map((owner) => (
            <option key={owner} value={owner}>
              {text.leadOwnerFilter[owner]}
            </option>
          ))}
        </SelectField>
        <Field label="From (UTC)" inputProps={{ id: "from", name: "from", type: "date", defaultValue: filters.from }} />
        <Field label="To (UTC)" inputProps={{ id: "to", name: "to", type: "date", defaultValue: filters.to }} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={buttonClass.compact.primary}>
            Filter
          </button>
          <Link to={inboxHref(filters, { owner: "anyone", q: "", from: "", to: "" })} className={buttonClass.compact.secondary}>
            Clear
          </Link>
          {/* A document request (no `download` attribute): signed out, it lands on sign-in rather than saving that page. */}
          <a href={inboxHref(filters, {}, INBOX_EXPORT)} className={buttonClass.compact.secondary}>
            Export CSV
          </a>
          {inbox.total > LEAD_EXPORT_MAX ? (
            <p className="text-sm text-slate-600">{text.leadsExportCapped(LEAD_EXPORT_MAX, inbox.total)}</p>
          ) : null}
        </div>
      </Form>
      {/* One plain form for the change of several: each row's checkbox joins it through form="bulk". */}
      <Form
        id="bulk"
        method="post"
        action={`${INBOX}${search}`}
        aria-label="Change the selected leads"
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="bulk" />
        <SelectField label="Status" selectProps={{ id: "bulk-status", name: "status", defaultValue: "" }}>
          <option value="">Unchanged</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {text.leadStatus[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Owner" selectProps={{ id: "bulk-owner", name: "owner", defaultValue: "" }}>
          <option value="">Unchanged</option>
          <option value={NOBODY}>{text.leadNoOwner}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass.compact.secondary}>
          Change selected
        </button>
      </Form>
      {visible.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {inbox.total === 0 && filters.tab === "all" && !filters.q && !filters.from && !filters.to && filters.owner === "anyone"
            ? "No messages yet."
            : text.leadsNone}
        </p>
      ) : (
        <ul className="space-y-3">
          {visible.map((message) => (
            <li
              key={message.id}
              id={`message-${message.id}`}
              className={`rounded-2xl border bg-white p-5 target:ring-2 target:ring-brand-500 ${message.read ? "border-slate-200" : "border-brand-500 shadow-sm"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="flex min-w-0 gap-3">
                  <input
                    type="checkbox"
                    form="bulk"
                    name="ids"
                    value={message.id}
                    aria-label={`Select the message from ${message.name}`}
                    className="mt-1 h-4 w-4"
                  />
                  <div className="min-w-0">
                    <p className={message.read ? "font-medium" : "font-bold"}>
                      {message.read ? null : (
                        <span className="mr-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">New</span>
                      )}
                      {waiting[message.id] ? (
                        <span className="mr-2 rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
                          {waiting[message.id]}
                        </span>
                      ) : null}
                      <Link to={`/dashboard/messages/${message.id}`} className="hover:underline">
                        {message.name}
                      </Link>{" "}
                      <a href={`mailto:${message.email}`} className="text-sm font-normal text-brand-700 hover:underline">
                        {message.email}
                      </a>
                    </p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
                      {/* "New" is the unread mark's word: a lead still new shows no second one. */}
                      {message.status === "new" ? null : ` · ${text.leadStatus[message.status]}`} · Owner: {ownerName(message.owner_id)}
                      {message.spam_reason ? ` · ${text.spamFiledBecause(text.spamReason[message.spam_reason])}` : null}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={message.id} />
                    <button type="submit" name="intent" value={message.read ? "unread" : "read"} className={buttonClass.compact.secondary}>
                      {message.read ? "Mark unread" : "Mark read"}
                    </button>
                  </Form>
                  <DeleteButton
                    href={deleteHref(message.id)}
                    question={text.confirmDeleteMessage}
                    label={`Delete the message from ${message.name}`}
                  />
                </div>
              </div>
              <p className="mt-3 whitespace-pre-line text-slate-800">{message.message}</p>
              <LeadSourceBlock source={message.source} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={inbox.page}
        pageCount={inbox.pageCount}
        hrefFor={(page) => inboxHref(filters, { page })}
        label="Message pages"
        size="compact"
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Messages") }, { name: "robots", content: "noindex" }];
