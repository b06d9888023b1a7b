import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormError, ScreenHeading } from "~/components/dashboard/ui";
import { asTyped, checkWith, Field, fieldByField, formMessage } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { site } from "~/content/site";
import { formatWhatsAppNumber } from "~/domain/format";
import { messages } from "~/domain/messages";
import { joinErrors, settingsInput } from "~/domain/schemas";
import { getSiteSettings, saveSiteSettings } from "~/domain/settings.server";
import { requireAdmin } from "~/server/auth.server";
import { refusalReply } from "~/server/forms.server";
import { redirectWithSuccess } from "~/server/toast.server";

/** The contact number and email the site shows (docs/behaviour.md#settings, #validation). */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: await getSiteSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  // What the form keeps and shows; the rules are the domain's (saveSiteSettings), with the same schema.
  const submission = parseWithZod(form, { schema: settingsInput, ...asTyped });
  const result = await saveSiteSettings({ whatsappNumber: String(form.get("whatsappNumber") ?? ""), contactEmail: String(form.get("contactEmail") ?? "") });
  if (!result.ok) return data({ result: refusalReply(submission, [joinErrors(result.errors)], result.errors) }, { status: 422 });
  return redirectWithSuccess("/dashboard/settings", messages.settingsSaved);
}

/** The number laid out as it is typed (docs/behaviour.md#validation); the server lays it out again on save. */
function layOut(input: HTMLInputElement) {
  const laidOut = formatWhatsAppNumber(input.value) || input.value.replace(/\D/g, "");
  if (laidOut !== input.value) input.value = laidOut;
}

export default function Settings() {
  const { settings } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "settings",
    defaultValue: settings,
    lastResult: refused?.result,
    onValidate: checkWith(settingsInput),
    ...fieldByField,
  });
  // A number typed before the page's JavaScript took over is kept, and laid out once it has.
  const numberRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (numberRef.current) layOut(numberRef.current);
  }, []);

  return (
    <section className="max-w-xl">
      <ScreenHeading title="Contact settings" />
      <p className="-mt-4 mb-6 text-sm text-slate-600">What the public site shows in the contact panel, the footer and the services page.</p>
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6">
        <FormError id={form.errorId} message={formMessage(form)} />
        <Field
          label="WhatsApp number"
          inputProps={{
            ...getInputProps(fields.whatsappNumber, { type: "tel" }),
            id: "whatsappNumber",
            inputMode: "tel",
            ref: numberRef,
            onChange: (event) => layOut(event.currentTarget),
          }}
          errors={fields.whatsappNumber.errors}
          hint="Laid out as +1 (555) 123-4567; used for the WhatsApp chat links."
        />
        <Field
          label="Contact email"
          inputProps={{ ...getInputProps(fields.contactEmail, { type: "email" }), id: "contactEmail" }}
          errors={fields.contactEmail.errors}
        />
        <button type="submit" disabled={saving} className={buttonClass.compact.primary}>{saving ? "Saving..." : "Save Settings"}</button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Settings | ${site.name}` }, { name: "robots", content: "noindex" }];
