import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { titleWith } from "~/domain/page-content";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormError, ScreenHeading } from "~/components/dashboard/ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { MAX_NOTIFICATION_EMAILS } from "~/domain/constants";
import { formatWhatsAppNumber } from "~/domain/phone";
import { messages } from "~/domain/messages";
import { settingsFormInput } from "~/domain/settings-schema";
import {
  formatNotificationEmails,
  getNotificationEmails,
  getSiteSettings,
  saveSettings,
  type SiteSettings,
} from "~/domain/settings.server";
import { versionAuthor } from "~/domain/versions.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth.server";
import { mailEnabled } from "~/server/mailer.server";
import { redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [settings, notificationEmails] = await Promise.all([getSiteSettings(), getNotificationEmails()]);
  return { settings, notificationEmails: formatNotificationEmails(notificationEmails), mailOn: mailEnabled() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: settingsFormInput, ...asTyped });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }
  await saveSettings(submission.value, { author: versionAuthor(admin) });
  await audit(request, "settings.updated", { actor: admin, target: { type: "settings", id: "settings", label: "Contact settings" } });
  return redirectWithSuccess("/dashboard/settings", messages.settingsSaved);
}

function layOut(input: HTMLInputElement) {
  const laidOut = formatWhatsAppNumber(input.value) || input.value.replace(/\D/g, "");
  if (laidOut !== input.value) input.value = laidOut;
}

export default function Settings() {
  const { settings, notificationEmails, mailOn } = useLoaderData<typeof loader>();
  const saved = { ...settings, notificationEmails };
  return (
    <section className="max-w-xl">
      <ScreenHeading title="Contact settings">
        <Link to="/dashboard/settings/history" className={buttonClass.compact.secondary}>
          History
        </Link>
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        What the public site shows in the contact panel, the footer and the services page, and who gets an email for every new message.
      </p>
      {/* A new form once saved values change (the fields show them as stored: lowercase, laid out, each once). */}
      <SettingsForm key={JSON.stringify(saved)} saved={saved} mailOn={mailOn} />
    </section>
  );
}

function SettingsForm({ saved, mailOn }: { saved: SiteSettings & { notificationEmails: string }; mailOn: boolean }) {
  const refused = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "settings",
    defaultValue: saved,
    lastResult: refused?.result,
    onValidate: checkWith(settingsFormInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);
  // A number typed before the page's JavaScript took over is kept, and laid out once it has.
  const numberRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (numberRef.current) layOut(numberRef.current);
  }, []);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6">
      <FormError id={form.errorId} message={placed.message} />
      <Field
        label="WhatsApp number"
        inputProps={{
          ...getInputProps(fields.whatsappNumber, { type: "tel" }),
          id: "whatsappNumber",
          inputMode: "tel",
          ref: numberRef,
          onChange: (event) => layOut(event.currentTarget),
        }}
        {...placed.field(fields.whatsappNumber.errors)}
        hint="North American numbers are laid out as +1 (201) 555-0123; for any other country start with + and its country code. Used for the WhatsApp chat links."
      />
      <Field
        label="Contact email"
        inputProps={{ ...getInputProps(fields.contactEmail, { type: "email" }), id: "contactEmail" }}
        {...placed.field(fields.contactEmail.errors)}
      />
      <TextareaField
        label="Also email new messages to"
        textareaProps={{
          ...getTextareaProps(fields.notificationEmails),
          id: "notificationEmails",
          rows: 3,
          placeholder: "sales@example.com",
        }}
        {...placed.field(fields.notificationEmails.errors)}
        hint={`Every new message is emailed to the contact email and to these addresses: one per line, or separated by commas; at most ${MAX_NOTIFICATION_EMAILS}. Not shown on the site.${mailOn ? "" : " Email is off until SMTP_URL is set."}`}
      />
      <button type="submit" disabled={saving} className={buttonClass.compact.primary}>
        {saving ? "Saving..." : "Save Settings"}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Settings") }, { name: "robots", content: "noindex" }];
