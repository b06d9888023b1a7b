import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { captchaFields, digitsOnly, isCorrectSum, type CaptchaChallenge } from "~/domain/captcha";
import { CONTACT_LIMITS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { useTypedBeforeHydration } from "~/hooks/use-typed-before-hydration";
import type { action as contactAction } from "~/routes/_site.contact";
import { buttonClass } from "../ui";
import { CaptchaField } from "./contact-captcha";

/**
 * The contact form (SPEC §2, §4, §5), shared by the modal and /contact. Without JavaScript it is a
 * plain form posting to /contact. With JavaScript a wrong sum is caught here with the spec's alert
 * and a new question; a right one is sent with a fetcher, then the form clears and a toast confirms.
 */

export const contactFormFields = { name: "name", email: "email", message: "message", honeypot: "website" } as const;
/** Added by the JavaScript submit, so the action answers with data instead of a redirect. */
export const VIA_FETCHER = { name: "via", value: "fetcher" } as const;


export type ContactFormValues = { name: string; email: string; message: string };
type Errors = Record<string, string[]>;

const EMPTY: ContactFormValues = { name: "", email: "", message: "" };
const FIELD_ORDER = [contactFormFields.name, contactFormFields.email, contactFormFields.message, "captchaAnswer"];

function isChallenge(value: unknown): value is CaptchaChallenge {
  const candidate = value as Partial<CaptchaChallenge> | null;
  return typeof candidate?.a === "number" && typeof candidate.b === "number" && typeof candidate.token === "string";
}

/** The current question; a fresh one is fetched on mount when none is given, and on demand. */
function useCaptcha(initial: CaptchaChallenge | null) {
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
      if (!controller.signal.aborted) setCaptcha(next);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    }
  }, []);

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
  initialValues = EMPTY,
  initialErrors = {},
  className = "",
}: {
  /** Rendered by the server for /contact; the modal leaves it out and fetches a fresh one. */
  initialCaptcha?: CaptchaChallenge | null;
  initialValues?: ContactFormValues;
  initialErrors?: Errors;
  className?: string;
}) {
  const id = useId();
  const fetcher = useFetcher<typeof contactAction>();
  const { captcha, failed, refresh, replace } = useCaptcha(initialCaptcha);
  const [values, setValues] = useState<ContactFormValues>(initialValues);
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [answer, setAnswer] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  const sending = fetcher.state === "submitting";

  useEffect(() => setHydrated(true), []);
  useTypedBeforeHydration(formRef, (typed) => {
    setValues({
      name: typed(contactFormFields.name),
      email: typed(contactFormFields.email),
      message: typed(contactFormFields.message),
    });
    setAnswer(digitsOnly(typed(captchaFields.answer)));
  });

  // The action's answer: a new question either way; cleared fields and a toast, or the errors.
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    replace(result.captcha);
    setAnswer("");
    if (result.ok) {
      setValues(EMPTY);
      setErrors({});
      // The toast comes from the action's toast cookie, read by the root loader as it revalidates.
      return;
    }
    setErrors(result.errors);
    const first = FIELD_ORDER.find((field) => result.errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [fetcher.data, replace]);

  const change = (field: keyof ContactFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!captcha || sending) return;
    if (!isCorrectSum(captcha.a, captcha.b, answer)) {
      window.alert(messages.captchaWrong);
      setAnswer("");
      void refresh();
      answerRef.current?.focus();
      return;
    }
    const formData = new FormData(event.currentTarget);
    formData.set(VIA_FETCHER.name, VIA_FETCHER.value);
    fetcher.submit(formData, { method: "post", action: "/contact" });
  }

  const formError = errors.form?.[0];
  const captchaError = errors.captchaAnswer?.[0];

  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      onSubmit={onSubmit}
      aria-busy={sending || undefined}
      className={`relative space-y-4 ${className}`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name?.[0]}>
          {(props) => (
            <input
              {...props}
              name={contactFormFields.name}
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              required
              value={values.name}
              onChange={(event) => change("name")(event.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email?.[0]}>
          {(props) => (
            <input
              {...props}
              name={contactFormFields.email}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              required
              value={values.email}
              onChange={(event) => change("email")(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field id={`${id}-message`} label="Message" error={errors.message?.[0]}>
        {(props) => (
          <textarea
            {...props}
            name={contactFormFields.message}
            rows={3}
            maxLength={CONTACT_LIMITS.message}
            required
            value={values.message}
            onChange={(event) => change("message")(event.target.value)}
          />
        )}
      </Field>

      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website (leave this empty)</label>
        <input id={`${id}-website`} name={contactFormFields.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <CaptchaField
        captcha={captcha}
        answer={answer}
        onAnswer={(digits) => {
          setAnswer(digits);
          if (captchaError) setErrors(({ captchaAnswer: _dropped, ...rest }) => rest);
        }}
        error={captchaError}
        loadFailed={failed}
        onRefresh={hydrated ? () => void refresh() : undefined}
        inputRef={answerRef}
      />

      {formError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}

      <button type="submit" disabled={sending || (hydrated && !captcha)} className={`${buttonClass.primary} w-full sm:w-auto`}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

/** A labelled control with its error tied by aria-describedby. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className:
          "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600",
      })}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
