import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError, ScreenHeading, buttonClass } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { joinErrors } from "~/domain/schemas";
import { getAdminById, updateAdmin } from "~/domain/admins.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const admin = await getAdminById(params.id ?? "");
  if (!admin) throw await redirectWithError("/dashboard/users", messages.adminNotFound);
  return { admin };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const result = await updateAdmin(params.id ?? "", { ...values, password: form.get("password") ?? "" });
  if (result === null) return redirectWithError("/dashboard/users", messages.adminNotFound);
  if (!result.ok) {
    return data({ message: joinErrors(result.errors), errors: result.errors, values }, { status: 422 });
  }
  return redirectWithSuccess("/dashboard/users", messages.adminUpdated);
}

export default function EditAdmin() {
  const { admin } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  return (
    <section className="max-w-lg">
      <ScreenHeading title="Edit Admin" />
      <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6" noValidate>
        <FormError message={failed?.message} />
        <Field label="Name" name="name" required defaultValue={failed?.values.name ?? admin.name} error={failed?.errors.name?.[0]} />
        <Field label="Email" name="email" type="email" required defaultValue={failed?.values.email ?? admin.email} error={failed?.errors.email?.[0]} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={failed?.errors.password?.[0]}
          hint="Leave blank to keep the current password."
        />
        <div className="flex gap-3">
          <button type="submit" disabled={saving} className={buttonClass.primary}>{saving ? "Saving..." : "Save Changes"}</button>
          <Link to="/dashboard/users" className={buttonClass.secondary}>Cancel</Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Edit admin | ${site.name}` }, { name: "robots", content: "noindex" }];
