import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DeleteButton, Field, FormError, ScreenHeading, buttonClass, isPendingDelete } from "~/components/dashboard/ui";
import { ScriptedField, sentWithScript } from "~/components/scripted-field";
import { site } from "~/content/site";
import { joinErrors } from "~/domain/schemas";
import { createAdmin, deleteAdmin, listAdmins, removalRefusal } from "~/domain/admins.server";
import { messages, toastDuration } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request);
  return { admins: await listAdmins(), meId: me.id };
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const outcome = await deleteAdmin(String(form.get("id") ?? ""), me.id);
    if (outcome === "deleted") return jsonWithSuccess({ ok: true as const }, messages.adminDeleted);
    return jsonWithError({ ok: false as const }, { message: messages.adminDeleteFailed, description: removalRefusal[outcome] }, { status: outcome === "not-found" ? 404 : 409 });
  }

  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  let result: Awaited<ReturnType<typeof createAdmin>>;
  try {
    result = await createAdmin({ ...values, password: form.get("password") ?? "" });
  } catch (error) {
    // Unexpected (the database): the fallback message, with the form kept as typed.
    console.error("Adding an admin failed:", error);
    result = { ok: false, message: messages.adminAddFailed, errors: {}, status: 500 };
  }
  if (!result.ok) {
    // SPEC §5/§8: the server's messages joined by commas, kept beside the form; with JavaScript also a 5 s toast.
    const message = joinErrors(result.errors, messages.adminAddFailed);
    const body = { ok: false as const, message, errors: result.errors, values };
    const init = { status: result.status ?? 422 };
    return sentWithScript(form) ? jsonWithError(body, { message, duration: toastDuration.long }, init) : data(body, init);
  }
  // Post/Redirect/Get: the list shows the new admin last and the form is empty, with or without JavaScript.
  return redirectWithSuccess("/dashboard/users", messages.adminAdded);
}

export default function Users() {
  const { admins, meId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && "message" in actionData ? actionData : null;
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const fetchers = useFetchers();
  const visible = admins.filter((admin) => !isPendingDelete(fetchers, admin.id));

  // Clear the form once an admin has been added (the action redirected back here).
  const formRef = useRef<HTMLFormElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current && navigation.state === "idle") {
      wasAdding.current = false;
      if (!failed) formRef.current?.reset();
    }
  }, [adding, navigation.state, failed]);

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <section aria-labelledby="admins-heading">
        <ScreenHeading title="Admins" />
        <h3 id="admins-heading" className="sr-only">Admin list</h3>
        {visible.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No admins found.</p>
        ) : (
          <ul aria-labelledby="admins-heading" className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {visible.map((admin) => (
              <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium">
                    {admin.name}
                    {admin.id === meId ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">You</span> : null}
                  </p>
                  <p className="truncate text-sm text-slate-600">{admin.email}</p>
                </div>
                <div className="flex gap-2">
                  <Link to={`/dashboard/users/${admin.id}/edit`} className={buttonClass.secondary} aria-label={`Edit ${admin.name}`}>
                    Edit
                  </Link>
                  {admin.id === meId ? null : (
                    <DeleteButton
                      action="/dashboard/users"
                      id={admin.id}
                      question={messages.confirmDeleteAdmin}
                      confirmHref={`/dashboard/users/${admin.id}/delete`}
                      label={`Delete ${admin.name}`}
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-admin-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="add-admin-heading" className="text-lg font-semibold">Add New Admin</h2>
        <Form ref={formRef} method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <ScriptedField />
          <FormError message={failed?.message} />
          <Field label="Name" name="name" autoComplete="off" required defaultValue={failed?.values.name} error={failed?.errors.name?.[0]} />
          <Field label="Email" name="email" type="email" autoComplete="off" required defaultValue={failed?.values.email} error={failed?.errors.email?.[0]} />
          <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} error={failed?.errors.password?.[0]} hint="At least 8 characters." />
          <button type="submit" disabled={adding} className={`${buttonClass.primary} w-full`}>
            {adding ? "Adding Admin..." : "Add Admin"}
          </button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `User Management | ${site.name}` }, { name: "robots", content: "noindex" }];
