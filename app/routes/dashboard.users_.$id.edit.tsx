import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { titleWith } from "~/domain/page-content";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { adminUpdateInput } from "~/domain/schemas";
import { getAdminById, isEmailTaken, updateAdmin } from "~/domain/admins.server";
import { messages } from "~/domain/messages";
import { signOutEverywhere } from "./__sign-out-everywhere.server";
import { forbidden, requireAdmin, requirePermission, sessionIdOf } from "~/server/auth.server";
import { can } from "~/domain/permissions";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

const SIGN_OUT_EVERYWHERE = "sign-out-everywhere";

/** One's own account (My account links here) is every role's; anyone else's needs admins:write, an Owner's owners:write. */
const requireEditor = async (request: Request, id: string | undefined, context?: object) => {
  const me = await requireAdmin(request, context);
  if (id === me.id) return me;
  const allowed = await requirePermission(request, "admins:write", context);
  const target = await getAdminById(id ?? "");
  if (target?.role === "owner" && !can({ kind: "admin", role: allowed.role }, "owners:write")) throw await forbidden(me, "owners:write");
  return allowed;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const me = await requireEditor(request, params.id, context);
  const admin = await getAdminById(params.id ?? "");
  if (!admin) throw await redirectWithError("/dashboard/users", messages.adminNotFound);
  return { admin, isMe: admin.id === me.id };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requireEditor(request, params.id);
  const form = await request.formData();
  if (form.get("intent") === SIGN_OUT_EVERYWHERE) {
    if (params.id !== me.id) return redirectWithError(`/dashboard/users/${params.id}/edit`, messages.signOutOthersOnly);
    return signOutEverywhere(request, requestOrigin(request, me, "form"));
  }
  const id = params.id ?? "";
  const submission = await parseWithZod(form, {
    schema: adminUpdateInput.superRefine(async ({ email }, ctx) => {
      if (await isEmailTaken(email, { exceptId: id })) ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailTaken });
    }),
    async: true,
    ...asTyped,
  });
  let fieldErrors: Record<string, string[]> = {};
  if (submission.status === "success") {
    // A new password ends the admin's other sessions; one's own current session stays signed in.
    const keepSessionId = id === me.id ? await sessionIdOf(request) : undefined;
    const updated = await updateAdmin(id, submission.value, ports.passwords, requestOrigin(request, me, "form"), { keepSessionId });
    if (updated.ok) return redirectWithSuccess("/dashboard/users", messages.adminUpdated);
    if (updated.reason === "not-found") return redirectWithError("/dashboard/users", messages.adminNotFound);
    fieldErrors = { email: [messages.emailTaken] };
  }
  return data({ result: submission.reply({ fieldErrors, hideFields: ["password"] }) }, { status: 422 });
}

export default function EditAdmin() {
  const { admin, isMe } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== SIGN_OUT_EVERYWHERE;
  const signingOut = navigation.state === "submitting" && navigation.formData?.get("intent") === SIGN_OUT_EVERYWHERE;
  const [form, fields] = useForm({
    // One form per admin: another admin's page starts from their values.
    id: `edit-admin-${admin.id}`,
    defaultValue: { name: admin.name, email: admin.email },
    lastResult: refused?.result,
    onValidate: checkWith(adminUpdateInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);
  return (
    <section className="max-w-lg space-y-6">
      <ScreenHeading title="Edit Admin" />
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        <FormError id={form.errorId} message={placed.message} />
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: "name", required: true }}
          {...placed.field(fields.name.errors)}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: "email", required: true }}
          {...placed.field(fields.email.errors)}
        />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), id: "password", autoComplete: "new-password" }}
          {...placed.field(fields.password.errors)}
          hint={
            isMe
              ? "Leave blank to keep the current password. A new one signs you out on every other device."
              : "Leave blank to keep the current password. A new one signs this admin out everywhere."
          }
        />
        <div className="flex gap-3">
          <button type="submit" disabled={saving} className={buttonClass.compact.primary}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
          <Link to="/dashboard/users" className={buttonClass.compact.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
      {isMe ? (
        <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6" aria-labelledby="sign-out-everywhere">
          <h2 id="sign-out-everywhere" className="text-lg font-semibold">
            Sign out everywhere
          </h2>
          <p className="text-sm text-slate-600">
            Ends every session of yours, on this device and all others, and revokes your API tokens. You will need to sign in again.
          </p>
          <input type="hidden" name="intent" value={SIGN_OUT_EVERYWHERE} />
          <button type="submit" disabled={signingOut} className={buttonClass.compact.secondary}>
            {signingOut ? "Signing out..." : "Sign out everywhere"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Edit admin") }, { name: "robots", content: "noindex" }];
