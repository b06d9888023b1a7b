import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { Field, FormError, ScreenHeading, buttonClass } from "~/components/dashboard/ui";
import { site } from "~/content/site";
import { joinErrors } from "~/domain/schemas";
import { formatWhatsAppNumber } from "~/domain/format";
import { messages } from "~/domain/messages";
import { getSiteSettings, saveSiteSettings } from "~/domain/settings.server";
import { useTypedBeforeHydration } from "~/hooks/use-typed-before-hydration";
import { requireAdmin } from "~/server/auth.server";
import { redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: await getSiteSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const values = { whatsappNumber: String(form.get("whatsappNumber") ?? ""), contactEmail: String(form.get("contactEmail") ?? "") };
  const result = await saveSiteSettings(values);
  if (!result.ok) return data({ message: joinErrors(result.errors), errors: result.errors, values }, { status: 422 });
  return redirectWithSuccess("/dashboard/settings", messages.settingsSaved);
}

export default function Settings() {
  const { settings } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  // Shown formatted as it is typed (SPEC §5); the server formats again on save.
  const [number, setNumber] = useState(failed?.values.whatsappNumber ?? settings.whatsappNumber);
  const formRef = useRef<HTMLFormElement>(null);
  const onNumber = (value: string) => setNumber(formatWhatsAppNumber(value) || value.replace(/\D/g, ""));
  useTypedBeforeHydration(formRef, (typed) => onNumber(typed("whatsappNumber")));

  return (
    <section className="max-w-xl">
      <ScreenHeading title="Contact settings" />
      <p className="-mt-4 mb-6 text-sm text-slate-600">What the public site shows in the contact panel, the footer and the services page.</p>
      <Form ref={formRef} method="post" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6" noValidate>
        <FormError message={failed?.message} />
        <Field
          label="WhatsApp number"
          name="whatsappNumber"
          type="tel"
          inputMode="tel"
          value={number}
          onChange={(event) => onNumber(event.target.value)}
          error={failed?.errors.whatsappNumber?.[0]}
          hint="Laid out as +1 (555) 123-4567; used for the WhatsApp chat links."
        />
        <Field
          label="Contact email"
          name="contactEmail"
          type="email"
          defaultValue={failed?.values.contactEmail ?? settings.contactEmail}
          error={failed?.errors.contactEmail?.[0]}
        />
        <button type="submit" disabled={saving} className={buttonClass.primary}>{saving ? "Saving..." : "Save Settings"}</button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: `Settings | ${site.name}` }, { name: "robots", content: "noindex" }];
