import { useId, type Ref } from "react";
import { LineIcon } from "~/components/icons";
import { captchaFields, captchaQuestion, digitsOnly, type CaptchaChallenge } from "~/domain/captcha";

// Uncontrolled, so an answer typed before hydration is kept; the form empties it for a new question.
export function CaptchaField({
  captcha,
  error,
  loadFailed = false,
  onRefresh,
  inputRef,
}: {
  captcha: CaptchaChallenge | null;
  error?: string;
  loadFailed?: boolean;
  onRefresh?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const label = captcha
    ? captchaQuestion(captcha.a, captcha.b)
    : loadFailed
      ? "The math question could not be loaded."
      : "Loading a math question…";

  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-slate-600">
        A quick check that you are a person: type the sum in digits.
      </p>
      {/* The field keeps room for its whole placeholder; on a narrow screen the button goes below it. */}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          name={captchaFields.answer}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={3}
          autoComplete="off"
          placeholder="Enter the sum"
          required
          disabled={!captcha}
          defaultValue=""
          onChange={(event) => {
            const digits = digitsOnly(event.currentTarget.value);
            if (digits !== event.currentTarget.value) event.currentTarget.value = digits;
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="w-40 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-600"
        />
        {onRefresh ? (
          <button
            type="button"
            onClick={onRefresh}
            className="inline-flex h-10 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LineIcon className="h-4 w-4">
              <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
            </LineIcon>
            New question
          </button>
        ) : null}
      </div>
      <input type="hidden" name={captchaFields.token} value={captcha?.token ?? ""} />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
