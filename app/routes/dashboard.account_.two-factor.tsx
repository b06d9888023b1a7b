import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped, checkWith, Field, fieldByField, placeMessages } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { useFrame } from "~/hooks/use-frame";
import { useFormatTime } from "~/hooks/use-studio-time";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { verifyCredentials } from "~/domain/admins.server";
import { twoFactorOffInput } from "~/domain/schemas";
import { isTwoFactorRequired } from "~/domain/settings.server";
import { getPublishedContent } from "~/domain/site-content.server";
import {
  confirmTwoFactorSetup,
  pendingTwoFactorSetup,
  RECOVERY_CODE_COUNT,
  removeTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/domain/two-factor.server";
import type { Admin } from "~/domain/types";
import { requestOrigin } from "~/server/client-address.server";
import { requireAdmin, TWO_FACTOR_SETUP_PATH } from "~/server/auth.server";
import { postedByScript, refusedWithToast } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { qrCodeDataUrl } from "~/server/qr-code.server";
import { throttledSignIn } from "~/server/sign-in-limits.server";
import { checkSignInCode } from "~/server/sign-in.server";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#two-factor-sign-in: turning it on (a QR code and the key as text, confirmed with a first code), the
// recovery codes (shown once), new ones, and turning it off. The setup's secret waits sealed on the admin's record.

const INTENT = { start: "start", confirm: "confirm", renew: "renew", off: "off" } as const;
/** Every form but Turn off takes a code alone. */
const codeInput = twoFactorOffInput.partial({ password: true });
type CodeIntent = Exclude<(typeof INTENT)[keyof typeof INTENT], "start">;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const [status, required, content] = await Promise.all([twoFactorStatus(admin.id), isTwoFactorRequired(), getPublishedContent()]);
  const setup = status.on ? null : await pendingTwoFactorSetup(admin, ports.secrets, { issuer: content.brand.name });
  return {
    email: admin.email,
    on: status.on,
    since: status.since?.toISOString() ?? null,
    recoveryLeft: status.recoveryLeft,
    recoveryTotal: RECOVERY_CODE_COUNT,
    required,
    available: ports.secrets.available(),
    setup: setup ? { key: setup.key, qrCode: await qrCodeDataUrl(setup.uri), until: setup.until.toISOString() } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === INTENT.start) return startSetup(admin);
  if (intent !== INTENT.confirm && intent !== INTENT.renew && intent !== INTENT.off)
    return redirectWithError(TWO_FACTOR_SETUP_PATH, messages.twoFactorNotOn);
  const submission = parseWithZod(form, { schema: intent === INTENT.off ? twoFactorOffInput : codeInput, ...asTyped });
  if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  const refuse = (message: string, status = 422, field = "code") =>
    refusedWithToast(
      request,
      { intent, result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields: ["code", "password"] }) },
      message,
      status,
    );

  if (intent === INTENT.confirm) {
    const confirmed = await confirmTwoFactorSetup(requestOrigin(request, admin, "form"), submission.value.code, ports.secrets);
    if (!confirmed.ok) {
      if (confirmed.reason === "invalid-code") return refuse(messages.twoFactorCodeInvalid);
      return redirectWithError(
        TWO_FACTOR_SETUP_PATH,
        confirmed.reason === "already-on" ? messages.twoFactorAlreadyOn : messages.twoFactorSetupExpired,
      );
    }
    return showCodes(request, intent, confirmed.value.recoveryCodes, messages.twoFactorEnabled);
  }

  // Checked before the code, so that a refusal does not spend it.
  if (intent === INTENT.off && (await isTwoFactorRequired())) return refuse(messages.twoFactorRequiredStaysOn, 409);
  // A current code (or a recovery code) first, counted like a sign-in's: a borrowed session cannot guess its way through.
  // Turning it off: the password first, so that a session left open with the app at hand is not enough.
  const password = intent === INTENT.off ? (submission.value.password ?? "") : null;
  const outcome = await throttledSignIn(request, admin.email, async () => {
    if (password !== null) {
      const checked = await verifyCredentials({ email: admin.email, password }, ports.passwords);
      if (!checked.ok) return checked;
    }
    return checkSignInCode(request, admin, submission.value.code, "account");
  });
  if (!outcome.ok) {
    if (outcome.reason === "not-on") return redirectWithError(TWO_FACTOR_SETUP_PATH, messages.twoFactorNotOn);
    if (outcome.reason === "invalid-credentials") return refuse(messages.currentPasswordWrong, outcome.status, "password");
    return refuse(outcome.message, outcome.status);
  }
  if (intent === INTENT.off) {
    await removeTwoFactor(admin, requestOrigin(request, admin, "form"));
    return redirectWithSuccess(TWO_FACTOR_SETUP_PATH, messages.twoFactorDisabled);
  }
  const renewed = await replaceRecoveryCodes(requestOrigin(request, admin, "form"));
  if (!renewed.ok) return redirectWithError(TWO_FACTOR_SETUP_PATH, messages.twoFactorNotOn);
  return showCodes(request, intent, renewed.value.recoveryCodes, messages.recoveryCodesRenewed);
}

async function startSetup(admin: Admin) {
  const started = await startTwoFactorSetup(admin.id, ports.secrets);
  if (started.ok) return redirect(TWO_FACTOR_SETUP_PATH);
  return redirectWithError(TWO_FACTOR_SETUP_PATH, started.reason === "no-key" ? messages.twoFactorNoKey : messages.twoFactorAlreadyOn);
}

/** The codes exist in plain text only in this answer: never in a redirect, a cookie or the database. */
function showCodes(request: Request, intent: CodeIntent, recoveryCodes: string[], message: string) {
  const body = { intent, recoveryCodes };
  return postedByScript(request) ? jsonWithSuccess(body, message) : data(body);
}

type Answer = { intent: CodeIntent; result?: SubmissionResult<string[]>; recoveryCodes?: string[] };

export default function TwoFactor() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
  return (
    <div className="max-w-2xl space-y-6">
      <ScreenHeading title="Two-factor sign-in">
        <Link to="/dashboard/account" className={linkClass}>
          Back to my account
        </Link>
      </ScreenHeading>
      {page.required && !page.on ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{messages.twoFactorSetupRequired}</p>
      ) : null}
      {answer?.recoveryCodes ? (
        <RecoveryCodes codes={answer.recoveryCodes} email={page.email} renewed={answer.intent === INTENT.renew} />
      ) : null}
      {page.on ? <TurnedOn answer={answer} /> : page.setup ? <Setup setup={page.setup} answer={answer} /> : <TurnedOff />}
    </div>
  );
}

const sectionClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6";

function TurnedOff() {
  const { available } = useLoaderData<typeof loader>();
  const busy = useBusy(INTENT.start);
  return (
    <section aria-labelledby="two-factor-off" className={sectionClass}>
      <h3 id="two-factor-off" className="text-lg font-semibold">
        Two-factor sign-in is off
      </h3>
      <p className="text-slate-700">
        With it on, signing in takes your password and a 6-digit code from an authenticator app on your phone or computer (1Password, Google
        Authenticator, Microsoft Authenticator, Aegis and others), so a stolen password alone is not enough.
      </p>
      {available ? (
        <Form method="post">
          <button type="submit" name="intent" value={INTENT.start} disabled={busy} className={buttonClass.compact.primary}>
            {busy ? "Starting..." : "Set up two-factor sign-in"}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">{messages.twoFactorNoKey}</p>
      )}
    </section>
  );
}

function Setup({ setup, answer }: { setup: { key: string; qrCode: string; until: string }; answer: Answer | undefined }) {
  const formatTime = useFormatTime();
  const { email } = useLoaderData<typeof loader>();
  const restarting = useBusy(INTENT.start);
  return (
    <section aria-labelledby="two-factor-setup" className={sectionClass}>
      <h3 id="two-factor-setup" className="text-lg font-semibold">
        Set up two-factor sign-in
      </h3>
      <ol className="list-decimal space-y-4 pl-5 text-slate-700">
        <li>
          <p>Scan this QR code with your authenticator app:</p>
          <img
            src={setup.qrCode}
            alt="QR code of your setup key, for an authenticator app"
            width={200}
            height={200}
            className="mt-2 border border-slate-200"
          />
        </li>
        <li>
          <p>Or add the account by hand with this setup key (time-based, 6 digits, every 30 seconds):</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Setup key</dt>
            <dd>
              <code className="break-words rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wide" data-setup-key>
                {setup.key}
              </code>
            </dd>
            <dt className="font-medium">Account</dt>
            <dd className="break-all">{email}</dd>
          </dl>
        </li>
        <li>
          <p>Enter the code the app shows, to check that it works:</p>
          <CodeForm intent={INTENT.confirm} answer={answer} label="Code from the app" button={["Turn on", "Turning on..."]} />
        </li>
      </ol>
      <Form method="post" className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 text-sm text-slate-600">
        <span>This setup waits until {formatTime(setup.until)}.</span>
        <button type="submit" name="intent" value={INTENT.start} disabled={restarting} className={buttonClass.compact.secondary}>
          {restarting ? "Starting..." : "Start again with a new key"}
        </button>
      </Form>
    </section>
  );
}

function TurnedOn({ answer }: { answer: Answer | undefined }) {
  const formatTime = useFormatTime();
  const { since, recoveryLeft, recoveryTotal, required } = useLoaderData<typeof loader>();
  return (
    <>
      <section aria-labelledby="two-factor-on" className={sectionClass}>
        <h3 id="two-factor-on" className="text-lg font-semibold">
          Two-factor sign-in is on
        </h3>
        <p className="text-slate-700">
          {since ? `On since ${formatTime(since)}. ` : ""}Signing in asks for a code from your authenticator app after your password.
        </p>
        <p className={recoveryLeft <= 3 ? "font-medium text-red-700" : "text-slate-700"}>
          {recoveryLeft} of {recoveryTotal} recovery codes left.
        </p>
      </section>
      <section aria-labelledby="recovery-codes" className={sectionClass}>
        <h3 id="recovery-codes" className="text-lg font-semibold">
          Make new recovery codes
        </h3>
        <p className="text-slate-700">Ten new codes replace the ones you have: the old ones stop working.</p>
        <CodeForm intent={INTENT.renew} answer={answer} label="Code from your app" button={["Make new recovery codes", "Making..."]} />
      </section>
      <section aria-labelledby="two-factor-turn-off" className={sectionClass}>
        <h3 id="two-factor-turn-off" className="text-lg font-semibold">
          Turn off two-factor sign-in
        </h3>
        {required ? (
          <p className="text-slate-700">{messages.twoFactorRequiredStaysOn}</p>
        ) : (
          <>
            <p className="text-slate-700">
              Signing in then takes your password alone. Your password and a code from your app, or a recovery code, confirm it.
            </p>
            <CodeForm intent={INTENT.off} answer={answer} label="Code from your app" button={["Turn off", "Turning off..."]} danger />
          </>
        )}
      </section>
    </>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function CodeForm({
  intent,
  answer,
  label,
  button: [idle, busyLabel],
  danger = false,
}: {
  intent: CodeIntent;
  answer: Answer | undefined;
  label: string;
  button: [string, string];
  danger?: boolean;
}) {
  const busy = useBusy(intent);
  const withPassword = intent === INTENT.off;
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    onValidate: checkWith(withPassword ? twoFactorOffInput : codeInput),
    ...fieldByField,
  });
  const placed = placeMessages(form);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 max-w-xs space-y-3">
      <FormError id={form.errorId} message={placed.message} />
      {withPassword ? (
        <Field
          label="Your password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
          {...placed.field(fields.password.errors)}
        />
      ) : null}
      <Field
        label={label}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          autoCapitalize: "none",
          spellCheck: false,
          required: true,
        }}
        {...placed.field(fields.code.errors)}
        hint={intent === INTENT.confirm ? undefined : "Or one of your recovery codes."}
      />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className={danger ? buttonClass.compact.danger : buttonClass.compact.primary}
      >
        {busy ? busyLabel : idle}
      </button>
    </Form>
  );
}

function RecoveryCodes({ codes, email, renewed }: { codes: string[]; email: string; renewed: boolean }) {
  const studio = useFrame()?.brand.name ?? "";
  const file = [
    `${studio} recovery codes for ${email}`,
    "Each code signs you in once, in place of a code from your authenticator app. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <section aria-labelledby="recovery-codes-shown" className="space-y-4 rounded-2xl border-2 border-brand-600 bg-white p-6">
      <h3 id="recovery-codes-shown" className="text-lg font-semibold">
        {renewed ? "Your new recovery codes" : "Two-factor sign-in is on: your recovery codes"}
      </h3>
      <p className="text-slate-700">
        If you lose your phone, each of these codes signs you in once in place of a code. Keep them somewhere safe, such as a password
        manager: <strong>they are shown only this once.</strong>
      </p>
      <ol className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-1">
            {code}
          </li>
        ))}
      </ol>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download={`${studio.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "studio"}-recovery-codes.txt`}
        className={buttonClass.compact.secondary}
      >
        Download the codes
      </a>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Two-factor sign-in") },
  { name: "robots", content: "noindex" },
];
