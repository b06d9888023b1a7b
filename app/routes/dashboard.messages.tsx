import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { Form, useFetchers, useLoaderData } from "@remix-run/react";
import { pageHref, Pagination } from "~/components/pagination";
import { LeadSourceBlock } from "~/components/dashboard/lead-source";
import { DeleteButton, ScreenHeading, isPendingDelete } from "~/components/dashboard/dashboard-ui";
import { buttonClass } from "~/components/ui";
import { listContactMessages, markRead } from "~/domain/contact-messages.server";
import { formatDateTimeUtc } from "~/domain/format";
import { messages as text } from "~/domain/messages";
import { getNotificationRecipients } from "~/domain/settings.server";
import { requireAdmin } from "~/server/auth.server";
import { mailEnabled } from "~/server/mailer.server";
import { jsonWithError } from "~/server/toast.server";

const PER_PAGE = 20;
const deleteHref = (id: string) => `/dashboard/messages/${id}/delete`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const [inbox, emailTo] = await Promise.all([
    listContactMessages({ page, perPage: PER_PAGE }),
    mailEnabled() ? null : getNotificationRecipients(),
  ]);
  return { inbox, emailNotifications: emailTo ? { enabled: false as const, recipients: emailTo } : { enabled: true as const } };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  switch (form.get("intent")) {
    case "read":
    case "unread":
      return (await markRead(id, form.get("intent") === "read"))
        ? { ok: true }
        : jsonWithError({ ok: false }, text.messageNotFound, { status: 404 });
    default:
      return jsonWithError({ ok: false }, text.messageNotFound, { status: 400 });
  }
}

export default function Inbox() {
  const { inbox, emailNotifications } = useLoaderData<typeof loader>();
  const fetchers = useFetchers();
  const visible = inbox.items.filter((message) => !isPendingDelete(fetchers, deleteHref(message.id)));
  return (
    <section>
      <ScreenHeading title="Messages" />
      {emailNotifications.enabled ? null : (
        <p className="mb-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {text.emailNotificationsOff(emailNotifications.recipients.join(", "))}
        </p>
      )}
      {visible.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No messages yet.</p>
      ) : (
        <ul className="space-y-3">
          {visible.map((message) => (
            <li
              key={message.id}
              id={`message-${message.id}`}
              className={`rounded-2xl border bg-white p-5 target:ring-2 target:ring-brand-500 ${message.read ? "border-slate-200" : "border-brand-500 shadow-sm"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className={message.read ? "font-medium" : "font-bold"}>
                    {message.read ? null : (
                      <span className="mr-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">New</span>
                    )}
                    {message.name}{" "}
                    <a href={`mailto:${message.email}`} className="text-sm font-normal text-brand-700 hover:underline">
                      {message.email}
                    </a>
                  </p>
                  <p className="text-xs text-slate-600">
                    <time dateTime={message.created_at}>{formatDateTimeUtc(message.created_at)}</time>
                  </p>
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
        hrefFor={pageHref("/dashboard/messages")}
        label="Message pages"
        size="compact"
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Messages") }, { name: "robots", content: "noindex" }];
