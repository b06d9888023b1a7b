import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { CONTACT_FIELD_NAMES } from "~/domain/contact-schemas";
import { LeadSourceBlock } from "~/components/dashboard/lead-source";
import { SelectField, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { listAdmins } from "~/domain/admins.server";
import { addLeadNote, changeLead, openLead } from "~/domain/contact-messages.server";
import { formatDateTimeUtc } from "~/domain/format";
import { isLeadStatus, LEAD_NOTE_MAX, LEAD_STATUSES } from "~/domain/leads";
import { messages as text } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { requireAdmin } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#leads: one lead, its status, owner, notes and history. An index route, so that the delete
// confirmation beside it (dashboard.messages_.$id.delete) is not its child.
const INBOX = "/dashboard/messages";
const NOBODY = "none";

const notFound = () => new Response(text.messageNotFound, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const [lead, admins] = await Promise.all([openLead(params.id ?? ""), listAdmins()]);
  if (!lead) throw notFound();
  return { lead, me: admin.id, admins: admins.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const here = `${INBOX}/${id}`;
  const origin = requestOrigin(request, admin, "form");
  const form = await request.formData();
  if (form.get("intent") === "note") {
    const note = String(form.get("text") ?? "").trim();
    const error = !note ? text.leadNoteRequired : note.length > LEAD_NOTE_MAX ? text.leadNoteTooLong(LEAD_NOTE_MAX) : null;
    if (error) return data({ errors: { text: [error] }, values: { text: note } }, { status: 422 });
    const added = await addLeadNote(id, note, origin);
    if (!added.ok) throw notFound();
    return redirectWithSuccess(here, text.leadNoteAdded);
  }
  const status = form.get("status");
  const owner = String(form.get("owner") ?? "");
  const changed = await changeLead(
    id,
    { ...(isLeadStatus(status) ? { status } : {}), ...(owner ? { owner: owner === NOBODY ? null : owner } : {}) },
    origin,
  );
  if (!changed.ok) {
    if (changed.reason === "not-found") throw notFound();
    return redirectWithError(here, text.leadOwnerUnknown);
  }
  return redirectWithSuccess(here, text.leadChanged);
}

const FIELD_LABELS = { company: "Company", budget: "Budget", timeline: "Timeline", phone: "Phone" } as const;

export default function Lead() {
  const { lead, me, admins } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section className="max-w-3xl">
      <ScreenHeading title={`Message from ${lead.name}`}>
        <Link to={INBOX} className={buttonClass.compact.secondary}>
          Back to messages
        </Link>
      </ScreenHeading>
      <article className="mb-6 rounded-2xl border border-slate-200 bg-white p-5">
        <p className="font-medium">
          {lead.name}{" "}
          <a href={`mailto:${lead.email}`} className="text-sm font-normal text-brand-700 hover:underline">
            {lead.email}
          </a>
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={lead.created_at}>{formatDateTimeUtc(lead.created_at)}</time>
        </p>
        <p className="mt-3 whitespace-pre-line text-slate-800">{lead.message}</p>
        {Object.keys(lead.fields).length ? (
          <dl aria-label="Also asked" className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {CONTACT_FIELD_NAMES.filter((name) => lead.fields[name]).map((name) => (
              <div key={name} className="contents">
                <dt className="text-slate-600">{FIELD_LABELS[name]}</dt>
                <dd className="break-words">{lead.fields[name]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <LeadSourceBlock source={lead.source} />
      </article>

      <Form
        method="post"
        aria-label="Status and owner"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <SelectField label="Status" selectProps={{ id: "status", name: "status", defaultValue: lead.status }}>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {text.leadStatus[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Owner" selectProps={{ id: "owner", name: "owner", defaultValue: lead.owner?.id ?? NOBODY }}>
          <option value={NOBODY}>{text.leadNoOwner}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.id === me ? `${admin.name} (me)` : admin.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass.compact.primary}>
          Save
        </button>
      </Form>

      <Form method="post" aria-label="Add a note" className="mb-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-5">
        <input type="hidden" name="intent" value="note" />
        <TextareaField
          label="Note"
          textareaProps={{ id: "text", name: "text", rows: 3, maxLength: LEAD_NOTE_MAX, defaultValue: refused?.values.text }}
          errors={refused?.errors.text}
        />
        <div>
          <button type="submit" className={buttonClass.compact.primary}>
            Add note
          </button>
        </div>
      </Form>

      <h2 className="mb-3 text-lg font-semibold">History</h2>
      <ol className="space-y-3">
        <li className="text-sm text-slate-700">
          <time dateTime={lead.created_at}>{formatDateTimeUtc(lead.created_at)}</time>: received
        </li>
        {lead.history.map((entry) => (
          <li key={`${entry.kind}-${entry.at}-${entry.kind === "note" ? entry.id : entry.status}`} className="text-sm text-slate-700">
            <time dateTime={entry.at}>{formatDateTimeUtc(entry.at)}</time>:{" "}
            {entry.kind === "status" ? (
              <>
                {entry.by} moved it to {text.leadStatus[entry.status]}
              </>
            ) : (
              <>
                {entry.by} noted: <span className="whitespace-pre-line text-slate-900">{entry.text}</span>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Message") }, { name: "robots", content: "noindex" }];
