import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { CONTACT_FIELD_NAMES } from "~/domain/contact-schemas";
import { LeadSourceBlock } from "~/components/dashboard/lead-source";
import { Field, SelectField, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { listAdmins } from "~/domain/admins.server";
import { addLeadNote, changeLead, openLead, replyToLead, type LeadDetail } from "~/domain/contact-messages.server";
import { useFormatTime } from "~/hooks/use-studio-time";
import { isLeadStatus, LEAD_NOTE_MAX, LEAD_REPLY_MAX, LEAD_REPLY_SUBJECT_MAX, LEAD_STATUSES } from "~/domain/leads";
import { messages as text } from "~/domain/messages";
import { replyDraft } from "~/domain/notifications";
import { getTimeZone } from "~/domain/settings.server";
import { titleWith } from "~/domain/page-content";
import { getPublishedContent } from "~/domain/site-content.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#leads: one lead, its status, owner, notes, replies and history. An index route, so that the delete
// confirmation beside it (dashboard.messages_.$id.delete) is not its child.
const INBOX = "/dashboard/messages";
const NOBODY = "none";

const notFound = () => new Response(text.messageNotFound, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "leads:read", context);
  const [lead, admins, content, timeZone] = await Promise.all([
    openLead(params.id ?? ""),
    listAdmins(),
    getPublishedContent(),
    getTimeZone(),
  ]);
  if (!lead) throw notFound();
  const draft = replyDraft(lead, content.brand.name, timeZone);
  return {
    lead,
    me: admin.id,
    myEmail: admin.email,
    admins: admins.map(({ id, name }) => ({ id, name })),
    // With mail off the form is not offered: the admin's own mail program gets the same draft.
    reply: ports.mail.enabled()
      ? { enabled: true as const, ...draft }
      : {
          enabled: false as const,
          mailto: `mailto:${lead.email}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`,
        },
  };
}

type ReplyErrors = { subject?: string[]; body?: string[]; form?: string[] };

function replyErrors(subject: string, body: string): ReplyErrors | null {
  const errors: ReplyErrors = {};
  if (!subject.trim()) errors.subject = [text.leadReplySubjectRequired];
  else if (subject.trim().length > LEAD_REPLY_SUBJECT_MAX) errors.subject = [text.leadReplySubjectTooLong(LEAD_REPLY_SUBJECT_MAX)];
  if (!body.trim()) errors.body = [text.leadReplyRequired];
  else if (body.length > LEAD_REPLY_MAX) errors.body = [text.leadReplyTooLong(LEAD_REPLY_MAX)];
  return errors.subject || errors.body ? errors : null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "leads:write");
  const id = params.id ?? "";
  const here = `${INBOX}/${id}`;
  const origin = requestOrigin(request, admin, "form");
  const form = await request.formData();
  if (form.get("intent") === "reply") {
    // A refusal answers what was typed, as typed, so neither way of posting loses it.
    const values = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
    const refuse = (errors: ReplyErrors, status: number) => data({ intent: "reply" as const, errors, values }, { status });
    if (!ports.mail.enabled()) return refuse({ form: [text.leadReplyMailOff] }, 409);
    const errors = replyErrors(values.subject, values.body);
    if (errors) return refuse(errors, 422);
    const replied = await replyToLead(id, { subject: values.subject.trim(), body: values.body.trim() }, origin, ports.mail);
    if (!replied.ok) {
      if (replied.reason === "not-found") throw notFound();
      return replied.reason === "mail-off"
        ? refuse({ form: [text.leadReplyMailOff] }, 409)
        : refuse({ form: [text.leadReplyNotQueued] }, 503);
    }
    return redirectWithSuccess(here, text.leadReplyQueued);
  }
  if (form.get("intent") === "note") {
    const note = String(form.get("text") ?? "").trim();
    const error = !note ? text.leadNoteRequired : note.length > LEAD_NOTE_MAX ? text.leadNoteTooLong(LEAD_NOTE_MAX) : null;
    if (error) return data({ errors: { text: [error] }, values: { text: note } }, { status: 422 });
    const added = await addLeadNote(id, note, origin);
    if (!added.ok) throw notFound();
    return redirectWithSuccess(here, text.leadNoteAdded);
  }
  // docs/behaviour.md#spam: out of spam, by this button or the status, the studio's email is sent then, once.
  if (form.get("intent") === "not-spam") {
    if (!(await changeLead(id, { status: "new" }, origin, ports.mail)).ok) throw notFound();
    return redirectWithSuccess(here, text.leadMovedToNew);
  }
  const status = form.get("status");
  const owner = String(form.get("owner") ?? "");
  const changed = await changeLead(
    id,
    { ...(isLeadStatus(status) ? { status } : {}), ...(owner ? { owner: owner === NOBODY ? null : owner } : {}) },
    origin,
    ports.mail,
  );
  if (!changed.ok) {
    if (changed.reason === "not-found") throw notFound();
    return redirectWithError(here, text.leadOwnerUnknown);
  }
  return redirectWithSuccess(here, text.leadChanged);
}

const FIELD_LABELS = { company: "Company", budget: "Budget", timeline: "Timeline", phone: "Phone" } as const;

export default function Lead() {
  const formatTime = useFormatTime();
  const { lead, me, myEmail, admins, reply } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && !("intent" in answer) ? answer : undefined;
  const refusedReply = answer && "intent" in answer ? answer : undefined;
  const replies = lead.history.filter((entry) => entry.kind === "reply").length;
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
          <time dateTime={lead.created_at}>{formatTime(lead.created_at)}</time>
        </p>
        <p className="mt-3 whitespace-pre-line text-slate-800">{lead.message}</p>
        {lead.status === "spam" ? (
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {lead.spam_reason ? <p>{text.spamFiledBecause(text.spamReason[lead.spam_reason])}</p> : null}
            <button type="submit" name="intent" value="not-spam" className={buttonClass.compact.secondary}>
              {text.leadNotSpam}
            </button>
          </Form>
        ) : null}
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

      <section aria-labelledby="reply-heading" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="reply-heading" className="mb-3 text-lg font-semibold">
          Reply
        </h2>
        {reply.enabled ? (
          // A new form once a reply is kept, so the next one starts from the draft again.
          <Form key={replies} method="post" aria-label={`Reply to ${lead.name}`} className="grid gap-3">
            <input type="hidden" name="intent" value="reply" />
            <FormError message={refusedReply?.errors.form?.join(", ")} />
            <Field
              label="Subject"
              inputProps={{
                id: "reply-subject",
                name: "subject",
                maxLength: LEAD_REPLY_SUBJECT_MAX,
                defaultValue: refusedReply?.values.subject ?? reply.subject,
              }}
              errors={refusedReply?.errors.subject}
            />
            <TextareaField
              label="Message"
              textareaProps={{
                id: "reply-body",
                name: "body",
                rows: 10,
                maxLength: LEAD_REPLY_MAX,
                defaultValue: refusedReply?.values.body ?? reply.body,
              }}
              errors={refusedReply?.errors.body}
              hint={`To ${lead.email}, from the site's address; their answer comes to ${myEmail}.`}
            />
            <div>
              <button type="submit" className={buttonClass.compact.primary}>
                Send reply
              </button>
            </div>
          </Form>
        ) : (
          <div className="space-y-2 text-sm text-slate-700">
            <p>{text.leadReplyMailOff}</p>
            <p>{text.leadReplyMailOffHint}</p>
            <p>
              <a href={reply.mailto} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                {text.leadReplyMailto(lead.email)}
              </a>
            </p>
          </div>
        )}
      </section>

      <h2 className="mb-3 text-lg font-semibold">History</h2>
      <ol className="space-y-3">
        <li className="text-sm text-slate-700">
          <time dateTime={lead.created_at}>{formatTime(lead.created_at)}</time>: received
        </li>
        {lead.history.map((entry, index) => (
          <li key={`${entry.kind}-${entry.at}-${index}`} className="text-sm text-slate-700">
            <time dateTime={entry.at}>{formatTime(entry.at)}</time>: <HistoryEntry entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function HistoryEntry({ entry }: { entry: LeadDetail["history"][number] }) {
  switch (entry.kind) {
    case "status":
      return (
        <>
          {entry.by} moved it to {text.leadStatus[entry.status]}
        </>
      );
    case "owner":
      return (
        <>
          {entry.by} changed the owner from {entry.from ?? text.leadNoOwner} to {entry.to ?? text.leadNoOwner}
        </>
      );
    case "note":
      return (
        <>
          {entry.by} noted: <span className="whitespace-pre-line text-slate-900">{entry.text}</span>
        </>
      );
    case "reply":
      return (
        <>
          {entry.by} replied: <span className="text-slate-900">{entry.subject}</span> (
          {text.leadReplyStateWhy(text.leadReplyState[entry.state], entry.failure)})
          <details className="mt-1">
            <summary className="cursor-pointer text-xs text-slate-600">The reply</summary>
            <p className="mt-1 whitespace-pre-line text-slate-900">{entry.body}</p>
          </details>
        </>
      );
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Message") }, { name: "robots", content: "noindex" }];
