import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { titleWith } from "~/domain/page-content";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DeleteButton, FormError, ScreenHeading, isPendingDelete } from "~/components/dashboard/ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { adminInput, joinErrors } from "~/domain/schemas";
import { createAdmin, isEmailTaken, listAdmins } from "~/domain/admins.server";
import { messages } from "~/domain/messages";
import { requireAdmin } from "~/server/auth.server";
import { refusedWithToast } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireAdmin(request);
  return { admins: await listAdmins(), meId: me.id };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();

  const submission = await parseWithZod(form, {
    schema: adminInput.superRefine(async ({ email }, ctx) => {
      if (await isEmailTaken(email)) ctx.addIssue({ code: "custom", path: ["email"], message: messages.emailTaken });
    }),
    async: true,
    ...asTyped,
  });
  let refusal: { fieldErrors: Record<string, string[]>; status: number } | null = null;
  if (submission.status !== "success") refusal = { fieldErrors: {}, status: 422 };
  else {
    try {
      const created = await createAdmin(submission.value, ports.passwords);
      if (!created.ok) refusal = { fieldErrors: { email: [messages.emailTaken] }, status: 422 };
    } catch (error) {
      // Unexpected (the database): the fallback message, with the form kept as typed.
      console.error("Adding an admin failed:", error);
      refusal = { fieldErrors: {}, status: 500 };
    }
  }
  if (refusal) {
    const message = joinErrors(
      { ...(submission.status === "error" ? submission.error : {}), ...refusal.fieldErrors },
      messages.adminAddFailed,
    );
    // The fields' messages show under them; only the fallback (no field to blame) is the form's own.
    const byField = submission.status === "error" || Object.keys(refusal.fieldErrors).length > 0;
    const result = submission.reply({ formErrors: byField ? [] : [message], fieldErrors: refusal.fieldErrors, hideFields: ["password"] });
    return refusedWithToast(request, { ok: false as const, result }, message, refusal.status);
  }
  // Post/Redirect/Get: the list shows the new admin last and the form is empty, with or without JavaScript.
  return redirectWithSuccess("/dashboard/users", messages.adminAdded);
}

export default function Users() {
  const { admins, meId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = actionData && "result" in actionData ? actionData : null;
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const fetchers = useFetchers();
  const visible = admins.filter((admin) => !isPendingDelete(fetchers, `/dashboard/users/${admin.id}/delete`));

  const formRef = useRef<HTMLFormElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (adding) wasAdding.current = true;
    else if (wasAdding.current && navigation.state === "idle") {
      wasAdding.current = false;
      // A native reset: conform, listening, forgets the last refusal too.
      if (!refused) formRef.current?.reset();
    }
  }, [adding, navigation.state, refused]);

  const [form, fields] = useForm({
    id: "add-admin",
    lastResult: refused?.result,
    onValidate: checkWith(adminInput, { submit: "server" }),
    ...fieldByField,
  });
  const placed = placeMessages(form);

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <section aria-labelledby="admins-heading">
        <ScreenHeading title="Admins" />
        <h3 id="admins-heading" className="sr-only">
          Admin list
        </h3>
        {visible.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No admins found.</p>
        ) : (
          <ul
            aria-labelledby="admins-heading"
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            {visible.map((admin) => (
              <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium">
                    {admin.name}
                    {admin.id === meId ? (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">You</span>
                    ) : null}
                  </p>
                  <p className="truncate text-sm text-slate-600">{admin.email}</p>
                </div>
                <div className="flex gap-2">
                  <Link
                    to={`/dashboard/users/${admin.id}/edit`}
                    className={buttonClass.compact.secondary}
                    aria-label={`Edit ${admin.name}`}
                  >
                    Edit
                  </Link>
                  {admin.id === meId ? null : (
                    <DeleteButton
                      href={`/dashboard/users/${admin.id}/delete`}
                      question={messages.confirmDeleteAdmin}
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
        <h2 id="add-admin-heading" className="text-lg font-semibold">
          Add New Admin
        </h2>
        <Form ref={formRef} method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <FormError id={form.errorId} message={placed.message} />
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: "name", autoComplete: "off", required: true }}
            {...placed.field(fields.name.errors)}
          />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), id: "email", autoComplete: "off", required: true }}
            {...placed.field(fields.email.errors)}
          />
          <Field
            label="Password"
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              id: "password",
              autoComplete: "new-password",
              required: true,
              minLength: 8,
            }}
            {...placed.field(fields.password.errors)}
            hint="At least 8 characters."
          />
          <button type="submit" disabled={adding} className={`${buttonClass.compact.primary} w-full`}>
            {adding ? "Adding Admin..." : "Add Admin"}
          </button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "User Management") },
  { name: "robots", content: "noindex" },
];
