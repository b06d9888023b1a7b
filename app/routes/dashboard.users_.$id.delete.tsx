import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { titleWith } from "~/domain/page-content";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/dashboard/dashboard-ui";
import { deleteAdmin, getAdminById } from "~/domain/admins.server";
import { messages, removalRefusal } from "~/domain/messages";
import { forbidden, requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { deleted, notDeleted } from "~/server/forms.server";
import { redirectWithError } from "~/server/toast.server";

const ADMINS = "/dashboard/users";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "admins:write", context);
  const admin = await getAdminById(params.id ?? "");
  if (!admin) throw await redirectWithError(ADMINS, { message: messages.adminDeleteFailed, description: messages.adminNotFound });
  return { admin };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, "admins:write");
  const outcome = await deleteAdmin(params.id ?? "", requestOrigin(request, me, "form"), { by: { kind: "admin", role: me.role } });
  if (outcome === "deleted") return deleted(request, ADMINS, messages.adminDeleted);
  if (outcome === "forbidden") throw await forbidden(me, "owners:write");
  const toast = { message: messages.adminDeleteFailed, description: removalRefusal[outcome] };
  return notDeleted(request, ADMINS, toast, outcome === "not-found" ? 404 : 409);
}

export default function ConfirmAdminDelete() {
  const { admin } = useLoaderData<typeof loader>();
  return <ConfirmDelete question={messages.confirmDeleteAdmin} name={`${admin.name} (${admin.email})`} cancelHref={ADMINS} />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Delete admin") }, { name: "robots", content: "noindex" }];
