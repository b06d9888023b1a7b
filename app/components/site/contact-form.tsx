import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { captchaFields, isCorrectSum, type CaptchaChallenge } from "~/domain/captcha";
import { contactHref, topicLine, type LeadTopic } from "~/domain/lead-source";
import { CONTACT_FIELD_LIMITS, CONTACT_LIMITS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import {
  contactMessageInputWith,
  NO_CONTACT_FIELDS,
  type ContactFieldValues,
  type ContactFields,
  type ContactMessageInput,
} from "~/domain/contact-schemas";
import { FORM_TIME_FIELD } from "~/domain/spam";
import { unsentMailto } from "~/domain/unsent-message";
import { fieldByField, checkWith, Field, SelectField, TextareaField } from "../forms";
import { Icon } from "../icons";
import { buttonClass } from "../ui";
import { CaptchaField } from "./contact-captcha";

export const HONEYPOT_FIELD = "website";

export type ContactReply =
  | { ok: true; id: string; captcha: CaptchaChallenge; result: SubmissionResult<string[]> }
  | { ok: false; unsaved?: true; captcha: CaptchaChallenge; result: SubmissionResult<string[]> };

function isChallenge(value: unknown): value is CaptchaChallenge {
  const candidate = value as Partial<CaptchaChallenge> | null;
  return typeof candidate?.a === "number" && typeof candidate.b === "number" && typeof candidate.token === "string";
}

function useCaptcha(initial: CaptchaChallenge | null, onFormShown: (signed: string) => void) {
  const [captcha, setCaptcha] = useState<CaptchaChallenge | null>(initial);
  const [failed, setFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setFailed(false);
    try {
      const response = await fetch("/resources/captcha", {
        cache: "no-store",
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      const next: unknown = response.ok ? await response.json() : null;
      if (!isChallenge(next)) throw new Error("Unexpected captcha response");
      // The form's shown time comes with the question (resources.captcha), for a form that had none from its page.
      const shown = (next as { [FORM_TIME_FIELD]?: unknown })[FORM_TIME_FIELD];
      if (typeof shown === "string") onFormShown(shown);
      if (!controller.signal.aborted) setCaptcha(next);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    }
  }, [onFormShown]);

  const replace = useCallback((next: CaptchaChallenge) => {
    pending.current?.abort();
    setFailed(false);
    setCaptcha(next);
  }, []);

  useEffect(() => {
    if (!initial) void refresh();
    return () => pending.current?.abort();
    // Only on mount: later questions come from refresh() or the action's answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { captcha, failed, refresh, replace };
}

export function ContactForm({
  initialCaptcha = null,
  initialFormShown = null,
  lastResult,
  unsaved: unsavedOnLoad = false,
  contactEmail,
  className = "",
  topic = {},
  contactFields = NO_CONTACT_FIELDS,
  landAt,
}: {
  initialCaptcha?: CaptchaChallenge | null;
  /** The signed time the page showed the form (app/server/form-time.server.ts). */
  initialFormShown?: string | null;
  lastResult?: SubmissionResult<string[]> | null;
  /** The database refused the last post: the form offers to send it by email. */
  unsaved?: boolean;
  contactEmail?: string;
  className?: string;
  /** What the message is about (a service, a case study): sent with it and shown above the fields. */
  topic?: LeadTopic;
  /** The optional fields the studio turned on in Settings. */
  contactFields?: ContactFields;
  /** The id of the element a refused plain post opens at, so its messages are in view rather than a screen below. */
  landAt?: string;
}) {
  const fetcher = useFetcher<ContactReply>();
  const answered = fetcher.data;
  const replied = answered ? answered.result : lastResult;
  const unsaved = answered ? answered.ok === false && answered.unsaved === true : unsavedOnLoad;
  // The first time the form was shown holds through refusals (a refused post brings its own back), so fixing a field is
  // never "too fast".
  const [formShown, setFormShown] = useState<string | null>(() => {
    const kept = lastResult?.initialValue?.[FORM_TIME_FIELD];
    return typeof kept === "string" ? kept : initialFormShown;
  });
  const keepFirstShown = useCallback((signed: string) => setFormShown((current) => current ?? signed), []);
  const { captcha, failed, refresh, replace } = useCaptcha(initialCaptcha, keepFirstShown);
  const [hydrated, setHydrated] = useState(false);
  const answerRef = useRef<HTMLInputElement>(null);
  const sending = fetcher.state === "submitting";
  const sentRef = useRef<HTMLDivElement>(null);
  const sentId = answered?.ok ? answered.id : null;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (answered) replace(answered.captcha);
  }, [answered, replace]);
  // On a phone the toast covers the top of the modal: the confirmation beside the button is where the eyes are.
  useEffect(() => {
    if (sentId) sentRef.current?.scrollIntoView({ block: "nearest" });
  }, [sentId]);
  // A new question empties the answer box; the first one keeps what was typed before the scripts ran.
  const question = useRef(captcha?.token);
  useEffect(() => {
    if (captcha?.token === question.current) return;
    question.current = captcha?.token;
    if (answerRef.current) answerRef.current.value = "";
  }, [captcha?.token]);

  const schema = useMemo(() => contactMessageInputWith(contactFields), [contactFields]);
  const [form, fields] = useForm<ContactMessageInput & ContactFieldValues>({
    lastResult: replied,
    onValidate: checkWith(schema),
    ...fieldByField,
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (!captcha || sending) return;
      if (!isCorrectSum(captcha.a, captcha.b, String(formData.get(captchaFields.answer) ?? ""))) {
        window.alert(messages.captchaWrong);
        if (answerRef.current) answerRef.current.value = "";
        void refresh();
        answerRef.current?.focus();
        return;
      }
      fetcher.submit(formData, { method: "post", action: "/contact" });
    },
  });

  const formError = form.errors?.[0];
  const about = topicLine(topic);
  const captchaError = form.allErrors[captchaFields.answer]?.[0];

  return (
    <form
      method="post"
      // Without JavaScript a refused form comes back on this address, so the topic is kept.
      action={landAt ? `${contactHref(topic)}#${landAt}` : contactHref(topic)}
      {...getFormProps(form)}
      aria-busy={sending || undefined}
      className={`relative space-y-4 ${className}`}
    >
      {about ? <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700">{about}</p> : null}
      {topic.service ? <input type="hidden" name="service" value={topic.service.slug} /> : null}
      {topic.case_study ? <input type="hidden" name="case_study" value={topic.case_study.slug} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          look="site"
          label="Name"
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            autoComplete: "name",
            maxLength: CONTACT_LIMITS.name,
            required: true,
          }}
          errors={fields.name.errors}
        />
        <Field
          look="site"
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            maxLength: CONTACT_LIMITS.email,
            required: true,
          }}
          errors={fields.email.errors}
        />
      </div>
      <TextareaField
        look="site"
        label="Message"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: CONTACT_LIMITS.message, required: true }}
        errors={fields.message.errors}
      />
      {contactFields.company || contactFields.budget || contactFields.timeline || contactFields.phone ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {contactFields.company ? (
            <Field
              look="site"
              label="Company (optional)"
              inputProps={{
                ...getInputProps(fields.company, { type: "text" }),
                autoComplete: "organization",
                maxLength: CONTACT_FIELD_LIMITS.company,
              }}
              errors={fields.company.errors}
            />
          ) : null}
          {contactFields.budget ? (
            <SelectField look="site" label="Budget (optional)" selectProps={getSelectProps(fields.budget)} errors={fields.budget.errors}>
              <option value="">Choose a range</option>
              {contactFields.budgetRanges.map((range) => (
                <option key={range} value={range}>
                  {range}
                </option>
              ))}
            </SelectField>
          ) : null}
          {contactFields.timeline ? (
            <Field
              look="site"
              label="Timeline (optional)"
              inputProps={{ ...getInputProps(fields.timeline, { type: "text" }), maxLength: CONTACT_FIELD_LIMITS.timeline }}
              errors={fields.timeline.errors}
            />
          ) : null}
          {contactFields.phone ? (
            <Field
              look="site"
              label="Phone (optional)"
              inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", maxLength: CONTACT_FIELD_LIMITS.phone }}
              errors={fields.phone.errors}
            />
          ) : null}
        </div>
      ) : null}

      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={`${form.id}-website`}>Website (leave this empty)</label>
        <input id={`${form.id}-website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {formShown ? <input type="hidden" name={FORM_TIME_FIELD} value={formShown} /> : null}

      <CaptchaField
        captcha={captcha}
        error={captchaError}
        loadFailed={failed}
        onRefresh={hydrated ? () => void refresh() : undefined}
        inputRef={answerRef}
      />

      {formError ? (
        <p id={form.errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      {unsaved && contactEmail ? (
        <p className="text-sm">
          <a href={unsentMailto(contactEmail, replied?.initialValue ?? {})} className="font-semibold text-brand-700 underline">
            {messages.contactEmailInstead(contactEmail)}
          </a>
        </p>
      ) : null}

      {sentId && !sending ? (
        // Not a live region: the toast announces the send; this stays in view until the next one.
        <div
          ref={sentRef}
          data-contact-sent=""
          className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900"
        >
          <Icon name="check" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
          <div>
            <p className="font-semibold">{messages.contactSentTitle}</p>
            <p className="mt-0.5">{messages.contactSentNote}</p>
          </div>
        </div>
      ) : null}

      <button type="submit" disabled={sending || (hydrated && !captcha)} className={`${buttonClass.primary} w-full sm:w-auto`}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
