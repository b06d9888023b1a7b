import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { deleteMessage, getContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

/** The no-JavaScript confirmation of a message's deletion. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = await getContactMessage(params.id ?? "");
  if (!message) throw await redirectWithError("/dashboard/messages", messages.messageNotFound);
  return { message };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  return (await deleteMessage(params.id ?? ""))
    ? redirectWithSuccess("/dashboard/messages", messages.messageDeleted)
    : redirectWithError("/dashboard/messages", messages.messageDeleteFailed);
}

export default function ConfirmMessageDelete() {
  const { message } = useLoaderData<typeof loader>();
  return <ConfirmDelete question={messages.confirmDeleteMessage} name={`From ${message.name} (${message.email})`} cancelHref="/dashboard/messages" id={message.id} />;
}

export const meta: MetaFunction = () => [{ title: `Delete message | ${site.name}` }, { name: "robots", content: "noindex" }];
