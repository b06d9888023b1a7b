import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { titleWith } from "~/domain/page-content";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormError, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages, SelectField, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { AUTO_REPLY_LIMITS, MAX_NOTIFICATION_EMAILS } from "~/domain/constants";
import { LEAD_WAIT_HOURS } from "~/domain/leads";
import { formatWhatsAppNumber } from "~/domain/phone";
import { messages } from "~/domain/messages";
import { settingsFormInput } from "~/domain/settings-schema";
import { timeZoneNames } from "~/domain/time-zone";
import { currentSettings, formatNotificationEmails, isTwoFactorRequired, saveSettings, type SiteSettings } from "~/domain/settings.server";
import { forbidden, requirePermission } from "~/server/auth.server";
import { can } from "~/domain/permissions";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { mailEnabled } from "~/server/mailer.server";
import { redirectWithSuccess } from "~/server/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { role } = await requirePermission(request, "settings:write", context);
  const { settings, notificationEmails, requireTwoFactor, recordPagesViewed, contactFields, leadWaitHours, autoReply, timeZone } =
    await currentSettings();
  return {
    settings,
    notificationEmails: formatNotificationEmails(notificationEmails),
    requireTwoFactor,
    recordPagesViewed,
    contactFields,
    leadWaitHours,
    autoReply,
    timeZone,
    // The server's list: the browser's may differ, and the server is the one that checks.
    timeZones: timeZoneNames(),
    mailOn: mailEnabled(),
    mayRequireTwoFactor: can({ kind: "admin", role }, "security:write"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "settings:write");
  const submission = parseWithZod(await request.formData(), { schema: settingsFormInput, ...asTyped });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 422 });
  }
  // docs/behaviour.md#two-factor-sign-in: no admin could set it up, and every one would be held on the setup page.
  // The switch that secures the site is an Owner's (docs/security.md#roles): anyone else's form leaves it as it is.
  const { requireTwoFactor } = submission.value;
  if (requireTwoFactor !== undefined && !can({ kind: "admin", role: admin.role }, "security:write")) {
    if (requireTwoFactor !== (await isTwoFactorRequired())) throw await forbidden(admin, "security:write");
    submission.value.requireTwoFactor = undefined;
  }
  if (submission.value.requireTwoFactor && !ports.secrets.available()) {
    return data({ result: submission.reply({ fieldErrors: { requireTwoFactor: [messages.twoFactorNoKey] } }) }, { status: 422 });
  }
  await saveSettings(submission.value, { origin: requestOrigin(request, admin, "form") });
  return redirectWithSuccess("/dashboard/settings", messages.settingsSaved);
}

function layOut(input: HTMLInputElement) {
  const laidOut = formatWhatsAppNumber(input.value) || input.value.replace(/\D/g, "");
  if (laidOut !== input.value) input.value = laidOut;
}

export default function Settings() {
  const {
    settings,
    notificationEmails,
    requireTwoFactor,
    recordPagesViewed,
    contactFields,
    leadWaitHours,
    autoReply,
    timeZone,
    timeZones,
    mailOn,
    mayRequireTwoFactor,
  } = useLoaderData<typeof loader>();
  const saved = {
    ...settings,
    notificationEmails,
    requireTwoFactor: String(requireTwoFactor),
    recordPagesViewed: String(recordPagesViewed),
    askCompany: String(contactFields.company),
    askBudget: String(contactFields.budget),
    budgetRanges: contactFields.budgetRanges.join("\n"),
    askTimeline: String(contactFields.timeline),
    askPhone: String(contactFields.phone),
    leadWaitHours: String(leadWaitHours),
    autoReply: String(autoReply.on),
    autoReplySubject: autoReply.subject,
    autoReplyText: autoReply.text,
    timeZone,
  };
  return (
    <section className="max-w-xl">
      <ScreenHeading title="Contact settings">
        <Link to="/dashboard/settings/spam" className={buttonClass.compact.secondary}>
          Spam rules
        </Link>
        <Link to="/dashboard/settings/keys" className={buttonClass.compact.secondary}>
          API keys
        </Link>
        <Link to="/dashboard/settings/webhooks" className={buttonClass.compact.secondary}>
          Webhooks
        </Link>
        <Link to="/dashboard/settings/history" className={buttonClass.compact.secondary}>
          History
        </Link>
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        What the public site shows in the contact panel, the footer and the services page, who gets an email for every new message, and
        whether every admin must sign in with two factors and whether a message comes with the pages its sender viewed.
      </p>
      {/* A new form once saved values change (the fields show them as stored: lowercase, laid out, each once). */}
      <SettingsForm
        key={JSON.stringify(saved)}
        saved={saved}
        timeZones={timeZones}
        mailOn={mailOn}
        mayRequireTwoFactor={mayRequireTwoFactor}
      />
    </section>
  );
}

function SettingsForm({
  saved,
  timeZones,
  mailOn,
  mayRequireTwoFactor,
}: {
  mayRequireTwoFactor: boolean;
  timeZones: string[];
  saved: SiteSettings & { notificationEmails: string; requireTwoFactor: string; recordPagesViewed: string; leadWaitHours: string } & Record<
      | "askCompany"
      | "askBudget"
      | "budgetRanges"
      | "askTimeline"
      | "askPhone"
      | "autoReply"
      | "autoReplySubject"
      | "autoReplyText"
      | "timeZone",
      string
    >;
  mailOn: boolean;
}) {
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
      <Field
        label="Hours a new lead may wait"
        inputProps={{
          ...getInputProps(fields.leadWaitHours, { type: "number" }),
          id: "leadWaitHours",
          min: LEAD_WAIT_HOURS.min,
          max: LEAD_WAIT_HOURS.max,
          step: 1,
          inputMode: "numeric",
        }}
        {...placed.field(fields.leadWaitHours.errors)}
        hint={`A lead still new after this many hours is marked waiting on Messages and counted on the overview; from ${LEAD_WAIT_HOURS.min} to ${LEAD_WAIT_HOURS.max}.`}
      />
      <SelectField
        label="Time zone"
        selectProps={{ ...getSelectProps(fields.timeZone), id: "timeZone" }}
        {...placed.field(fields.timeZone.errors)}
        hint="Every time in the dashboard, and the schedule's publish and unpublish times, are in this zone. The public site and the API keep UTC."
      >
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <RequireTwoFactor
        checked={isOn(fields.requireTwoFactor.initialValue)}
        errors={fields.requireTwoFactor.errors}
        allowed={mayRequireTwoFactor}
      />
      <RecordPagesViewed checked={isOn(fields.recordPagesViewed.initialValue)} errors={fields.recordPagesViewed.errors} />
      <fieldset className="min-w-0 space-y-3 border-t border-slate-200 pt-5">
        <legend className="float-left mb-3 w-full text-sm font-semibold text-ink">Contact form</legend>
        <p className="clear-left text-xs text-slate-600">
          Optional fields the contact form also asks for; visitors may leave them blank. All off, the form asks for a name, an email and a
          message.
        </p>
        <Checkbox
          name="askCompany"
          label="Ask for a company"
          checked={isOn(fields.askCompany.initialValue)}
          errors={fields.askCompany.errors}
        />
        <Checkbox
          name="askBudget"
          label="Ask for a budget"
          checked={isOn(fields.askBudget.initialValue)}
          errors={fields.askBudget.errors}
        />
        <TextareaField
          label="Budget ranges"
          textareaProps={{
            ...getTextareaProps(fields.budgetRanges),
            id: "budgetRanges",
            rows: 3,
            placeholder: "Under $10k\n$10k–$50k\nOver $50k",
          }}
          {...placed.field(fields.budgetRanges.errors)}
          hint="One per line: the visitor picks one."
        />
        <Checkbox
          name="askTimeline"
          label="Ask for a timeline"
          checked={isOn(fields.askTimeline.initialValue)}
          errors={fields.askTimeline.errors}
        />
        <Checkbox
          name="askPhone"
          label="Ask for a phone number"
          checked={isOn(fields.askPhone.initialValue)}
          errors={fields.askPhone.errors}
        />
      </fieldset>
      <fieldset className="min-w-0 space-y-3 border-t border-slate-200 pt-5">
        <legend className="float-left mb-3 w-full text-sm font-semibold text-ink">Autoresponder</legend>
        <p className="clear-left text-xs text-slate-600">
          An email to each visitor who writes, at most one a day to an address, never to a message filed as spam; replies to it reach the
          contact email. {"{name}"} is the visitor&apos;s name and {"{studio}"} the studio&apos;s.
          {mailOn ? "" : " Email is off until SMTP_URL is set."}
        </p>
        <Checkbox
          name="autoReply"
          label="Answer every new message by email"
          checked={isOn(fields.autoReply.initialValue)}
          errors={fields.autoReply.errors}
        />
        <Field
          label="Subject"
          inputProps={{
            ...getInputProps(fields.autoReplySubject, { type: "text" }),
            id: "autoReplySubject",
            maxLength: AUTO_REPLY_LIMITS.subject,
          }}
          {...placed.field(fields.autoReplySubject.errors)}
        />
        <TextareaField
          label="Text"
          textareaProps={{ ...getTextareaProps(fields.autoReplyText), id: "autoReplyText", rows: 6, maxLength: AUTO_REPLY_LIMITS.text }}
          {...placed.field(fields.autoReplyText.errors)}
        />
      </fieldset>
      <button type="submit" disabled={saving} className={buttonClass.compact.primary}>
        {saving ? "Saving..." : "Save Settings"}
      </button>
    </Form>
  );
}

/** The last of the hidden "false" and the box's "true": what the form sent, or the saved value. */
const isOn = (value: unknown) => [value].flat().at(-1) === "true";

/** A checkbox after a hidden "false": without JavaScript an unticked box still says off. */
function Checkbox({ name, label, checked, errors }: { name: string; label: string; checked: boolean; errors?: string[] }) {
  const error = errors?.length ? errors.join(", ") : null;
  return (
    <div>
      <input type="hidden" name={name} value="false" />
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          id={name}
          name={name}
          value="true"
          defaultChecked={checked}
          aria-describedby={error ? `${name}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className="h-4 w-4 accent-brand-600"
        />
        <span className="text-sm font-medium text-ink">{label}</span>
      </label>
      {error ? (
        <p id={`${name}-error`} className="mt-1 pl-7 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** docs/behaviour.md#two-factor-sign-in */
function RequireTwoFactor({ checked, errors, allowed }: { checked: boolean; errors?: string[]; allowed: boolean }) {
  const error = errors?.length ? errors.join(", ") : null;
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-5">
      <legend className="float-left mb-3 w-full text-sm font-semibold text-ink">Sign-in</legend>
      {/* Not an Owner: nothing is sent, which keeps the setting (docs/security.md#roles). */}
      {allowed ? <input type="hidden" name="requireTwoFactor" value="false" /> : null}
      <label className="clear-left flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          id="requireTwoFactor"
          name="requireTwoFactor"
          value="true"
          defaultChecked={checked}
          disabled={!allowed}
          aria-describedby={["requireTwoFactor-hint", error ? "requireTwoFactor-error" : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          className="h-4 w-4 accent-brand-600"
        />
        <span className="text-sm font-medium text-ink">Require two-factor sign-in for every admin</span>
      </label>
      <p id="requireTwoFactor-hint" className="mt-1 pl-7 text-xs text-slate-600">
        An admin without it is sent to set it up after signing in, and can use no other dashboard page, nor the API, until it is on.
        {allowed ? null : " Only an Owner can change this."}
      </p>
      {error ? (
        <p id="requireTwoFactor-error" className="mt-1 pl-7 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** docs/behaviour.md#attribution */
function RecordPagesViewed({ checked, errors }: { checked: boolean; errors?: string[] }) {
  const error = errors?.length ? errors.join(", ") : null;
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-5">
      <legend className="float-left mb-3 w-full text-sm font-semibold text-ink">Visitors</legend>
      <input type="hidden" name="recordPagesViewed" value="false" />
      <label className="clear-left flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          id="recordPagesViewed"
          name="recordPagesViewed"
          value="true"
          defaultChecked={checked}
          aria-describedby={["recordPagesViewed-hint", error ? "recordPagesViewed-error" : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          className="h-4 w-4 accent-brand-600"
        />
        <span className="text-sm font-medium text-ink">Record the pages a visitor views before writing</span>
      </label>
      <p id="recordPagesViewed-hint" className="mt-1 pl-7 text-xs text-slate-600">
        A cookie in the visitor&apos;s browser keeps where the visit began and its last 20 pages, sent with their message; never for a
        browser that asks not to be tracked. Off, no such cookie is set.
      </p>
      {error ? (
        <p id="recordPagesViewed-error" className="mt-1 pl-7 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Settings") }, { name: "robots", content: "noindex" }];
