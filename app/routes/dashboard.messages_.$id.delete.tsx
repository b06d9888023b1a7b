import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/dashboard/dashboard-ui";
import { deleteMessage, getContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { deleted, notDeleted } from "~/server/forms.server";
import { redirectWithError } from "~/server/toast.server";

const INBOX = "/dashboard/messages";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "leads:write", context);
  const message = await getContactMessage(params.id ?? "");
  if (!message) throw await redirectWithError(INBOX, messages.messageNotFound);
  return { message };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "leads:write");
  const message = await deleteMessage(params.id ?? "", requestOrigin(request, admin, "form"));
  if (!message) return notDeleted(request, INBOX, messages.messageDeleteFailed, 404);
  return deleted(request, INBOX, messages.messageDeleted);
}

export default function ConfirmMessageDelete() {
  const { message } = useLoaderData<typeof loader>();
  return <ConfirmDelete question={messages.confirmDeleteMessage} name={`From ${message.name} (${message.email})`} cancelHref={INBOX} />;
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Delete message") },
  { name: "robots", content: "noindex" },
];
