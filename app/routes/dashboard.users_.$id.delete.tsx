import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { deleteAdmin, getAdminById } from "~/domain/admins.server";
import { messages, removalRefusal } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

/** The no-JavaScript confirmation of an admin's deletion. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const admin = await getAdminById(params.id ?? "");
  if (!admin) throw await redirectWithError("/dashboard/users", { message: messages.adminDeleteFailed, description: messages.adminNotFound });
  return { admin };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requireAdmin(request);
  const outcome = await deleteAdmin(params.id ?? "", me.id);
  if (outcome === "deleted") return redirectWithSuccess("/dashboard/users", messages.adminDeleted);
  return redirectWithError("/dashboard/users", { message: messages.adminDeleteFailed, description: removalRefusal[outcome] });
}

export default function ConfirmAdminDelete() {
  const { admin } = useLoaderData<typeof loader>();
  return <ConfirmDelete question={messages.confirmDeleteAdmin} name={`${admin.name} (${admin.email})`} cancelHref="/dashboard/users" id={admin.id} />;
}

export const meta: MetaFunction = () => [{ title: `Delete admin | ${site.name}` }, { name: "robots", content: "noindex" }];
