import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { z } from "zod";
import { asTyped } from "~/components/forms";
import { ContactForm, HONEYPOT_FIELD, type ContactReply } from "~/components/site/contact-form";
import { GetInTouch } from "~/components/site/contact-details";
import { Container, PageHeader } from "~/components/ui";
import { brandFrom, titleWith } from "~/domain/page-content";
import { captchaFields } from "~/domain/captcha";
import { autoRespond } from "~/domain/auto-reply.server";
import { createContactMessage, type ContactMessage } from "~/domain/contact-messages.server";
import { withTopic } from "~/domain/lead-source";
import { resolveLeadTopic } from "~/domain/lead-topics.server";
import { messages } from "~/domain/messages";
import { contactMessageInputWith } from "~/domain/contact-schemas";
import { FORM_TIME_FIELD, spamReasonFor } from "~/domain/spam";
import { getSpamRules } from "~/domain/spam-rules.server";
import { dialableWhatsAppNumber } from "~/domain/phone";
import { getContactFields } from "~/domain/settings.server";
import { seo } from "~/lib/seo";
import { createCaptcha, verifyCaptcha, type CaptchaFailure } from "~/server/captcha.server";
import { clearVisit, leadSourceFrom } from "~/server/attribution.server";
import { isOutage, requireDb, UNAVAILABLE_RETRY_AFTER } from "~/server/db.server";
import { issueFormTime, readFormTime } from "~/server/form-time.server";
import { renderWithoutDatabase } from "~/server/frame-settings.server";
import { PRIVATE_NO_STORE } from "~/server/http-cache.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { clientAddress } from "~/server/client-address.server";
import { postedByScript } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { hit, release, reserve, type LimitStatus } from "~/server/rate-limit.server";
import { jsonWithSuccess, redirectWithSuccess } from "~/server/toast.server";
import type { loader as siteLoader } from "./_site";

// `?service=…&case_study=…`: what a link from a service or a case study writes about (docs/behaviour.md#contact-topic).
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const topic = search.has("service") || search.has("case_study") ? await topicOf(search) : {};
  // Each visitor gets their own captcha: never stored by a browser or a CDN.
  return data({ captcha: createCaptcha(), formShown: issueFormTime(), topic }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

async function topicOf(fields: { get: (name: string) => unknown }) {
  await requireDb();
  return resolveLeadTopic({ service: fields.get("service"), case_study: fields.get("case_study") });
}

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const captchaMessages: Record<CaptchaFailure, { message: string; status: 400 | 422 }> = {
  missing: { message: messages.captchaInvalid, status: 400 },
  malformed: { message: messages.captchaInvalid, status: 400 },
  tampered: { message: messages.captchaInvalid, status: 400 },
  reused: { message: messages.captchaInvalid, status: 400 },
  expired: { message: messages.captchaExpired, status: 422 },
  wrong: { message: messages.captchaWrong, status: 422 },
};

/** Never the answer, the used question or the honeypot. */
const notKept = [captchaFields.answer, captchaFields.token, HONEYPOT_FIELD];

function failure(status: 400 | 422 | 429, result: SubmissionResult<string[]>, init: ResponseInit = {}) {
  const reply: ContactReply = { ok: false, result, captcha: createCaptcha() };
  return data(reply, { ...init, status });
}

/** docs/behaviour.md#nothing-lost: what was typed comes back, with the studio's address to send it by email. */
function notSaved(form: FormData | null) {
  const reply: ContactReply = {
    ok: false,
    unsaved: true,
    result: refusedUnchecked(form, messages.contactNotSaved),
    captcha: createCaptcha(),
  };
  return data(reply, { status: 503, headers: { "Retry-After": UNAVAILABLE_RETRY_AFTER } });
}

function refusedUnchecked(form: FormData | null, message: string) {
  return parseWithZod(form ?? new FormData(), { schema: z.object({}) }).reply({ formErrors: [message], hideFields: notKept });
}

function rateLimited(status: LimitStatus, form: FormData | null = null) {
  const minutes = Math.max(1, Math.ceil(status.retryAfterSeconds / 60));
  const result = refusedUnchecked(form, messages.contactRateLimited(minutes));
  return failure(429, result, { headers: { "Retry-After": String(status.retryAfterSeconds) } });
}

// The visit's pages go with the message, then the cookie ends (a bot's fake answer ends it too, alike).
const CONTACT_SENT_PATH = "/contact#top";

async function sent(request: Request, id: string, submission: Submission<unknown>) {
  const init = { headers: { "Set-Cookie": await clearVisit() } };
  // #top: the form's #fragment would carry over to the redirect and hide the confirmation above the page.
  if (!postedByScript(request)) return redirectWithSuccess(CONTACT_SENT_PATH, messages.contactSent, init);
  const reply = { ok: true, id, captcha: createCaptcha(), result: submission.reply({ resetForm: true }) } satisfies ContactReply;
  return jsonWithSuccess(reply, messages.contactSent, init);
}

export async function action({ request: posted, context }: ActionFunctionArgs) {
  const read = { form: null as FormData | null, body: false };
  // Anyone can post here: the body is read only up to a small cap (413 past it).
  const readForm = async () => {
    read.body = true;
    read.form = await (await boundedRequest(posted)).formData().catch(() => null);
    return read.form;
  };
  try {
    return await receive(posted, readForm);
  } catch (error) {
    if (!isOutage(error)) throw error;
    renderWithoutDatabase(context);
    return notSaved(read.body ? read.form : await readForm());
  }
}

async function receive(posted: Request, readForm: () => Promise<FormData | null>) {
  const ip = clientAddress(posted);

  // 5 messages per address per 10 minutes; every POST (right or wrong) counts against a looser 30.
  await requireDb();
  const attempts = await hit("contactAttempt", ip);
  if (attempts.limited) return rateLimited(attempts);

  const form = await readForm();
  if (!form) return failure(400, refusedUnchecked(null, messages.contactBadRequest));

  // Taken before anything is checked, so messages sent at once cannot all pass; one that is not sent gives it back.
  const sends = await reserve("contactSent", ip);
  if (sends.limited) return rateLimited(sends, form);
  try {
    const answer = await checkAndSend(posted, form);
    if (!answer.sent) await release(sends.window);
    return answer.response;
  } catch (error) {
    await release(sends.window);
    throw error;
  }
}

async function checkAndSend(request: Request, form: FormData) {
  // The optional fields the studio turned on; any other field sent is dropped.
  const schema = contactMessageInputWith(await getContactFields(), dialableWhatsAppNumber);
  const submission = parseWithZod(form, { schema, ...asTyped });
  const {
    [HONEYPOT_FIELD]: honeypot,
    [FORM_TIME_FIELD]: shown,
    [captchaFields.token]: token,
    [captchaFields.answer]: typed,
  } = submission.payload;
  const bot = typeof honeypot === "string" && honeypot !== "";
  // A filled honeypot whose post would be refused gets a person's success, and nothing is stored.
  const fooled = async () => ({ sent: true, response: await sent(request, fakeId(), submission) });

  // The question is checked (and used up) whatever the fields hold, so every message comes at once.
  const answer = typeof typed === "string" ? typed.slice(0, 20) : "";
  const verdict = await verifyCaptcha(token, answer);
  if (!verdict.ok) {
    if (bot) return fooled();
    const failed = captchaMessages[verdict.reason];
    const fieldErrors = {
      [captchaFields.answer]: [verdict.reason === "wrong" && answer.trim() === "" ? messages.captchaRequired : failed.message],
    };
    const status = submission.status === "success" ? failed.status : 422;
    return { sent: false, response: failure(status, submission.reply({ fieldErrors, hideFields: notKept })) };
  }
  if (submission.status !== "success") {
    if (bot) return fooled();
    return { sent: false, response: failure(422, submission.reply({ hideFields: notKept })) };
  }

  // docs/behaviour.md#spam: spam is stored and answered like any message, so the answer tells a spammer nothing.
  const spam = spamReasonFor(
    { honeypot: typeof honeypot === "string" ? honeypot : "", timing: readFormTime(shown), ...submission.value },
    await getSpamRules(),
  );
  const source = withTopic(await leadSourceFrom(request), await topicOf(form));
  const created = await createContactMessage(submission.value, ports.mail, source, spam);
  await answerVisitor(created);
  return { sent: true, response: await sent(request, created.id, submission) };
}

/** The message is stored already: a failure of the autoresponder is only logged. */
async function answerVisitor(lead: ContactMessage) {
  try {
    await autoRespond(lead, ports.mail);
  } catch (error) {
    console.error(`The autoresponse to contact message ${lead.id} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function fakeId(): string {
  const hex = "0123456789abcdef";
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return time + Array.from({ length: 16 }, () => hex[Math.floor(Math.random() * 16)]).join("");
}

const nextSteps = [
  "We read your message and reply within one business day.",
  "A short call to understand your goals, timeline and budget.",
  "A clear proposal with scope, milestones and a fixed quote.",
];

export default function ContactPage() {
  const { captcha, formShown, topic } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The layout's loader always ran before this page's.
  const site = useRouteLoaderData<typeof siteLoader>("routes/_site");
  const settings = site?.settings;
  const failed = actionData && !actionData.ok ? actionData : undefined;

  return (
    <Container className="py-12 sm:py-16">
      <PageHeader
        eyebrow="Contact"
        title="Let's build something together"
        intro="Tell us about your project, your idea or your question. We read every message and reply within one business day."
      />
      <div className="mt-10 grid gap-6 lg:grid-cols-5 lg:gap-8">
        <section aria-labelledby="contact-get-in-touch" className="rounded-2xl bg-brand-700 p-6 text-white sm:p-8 lg:col-span-2">
          {settings ? <GetInTouch settings={settings} headingId="contact-get-in-touch" headingLevel={2} /> : null}
          <div className="mt-8 border-t border-white/15 pt-6">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-50">What happens next</h3>
            <ol className="mt-3 space-y-3 text-sm">
              {nextSteps.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white/15 text-xs font-semibold"
                  >
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </div>
        </section>
        <section
          aria-labelledby="contact-send-message"
          className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-send-message" className="text-xl font-bold tracking-tight">
            Send us a Message
          </h2>
          <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
          <ContactForm
            className="mt-6"
            landAt="contact-send-message"
            initialCaptcha={failed?.captcha ?? captcha}
            initialFormShown={formShown}
            lastResult={failed?.result}
            unsaved={failed?.unsaved}
            contactEmail={settings?.contactEmail}
            topic={topic}
            contactFields={site?.contactFields}
          />
        </section>
      </div>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    path: "/contact",
    title: titleWith(matches, "Contact"),
    description: `Get in touch with ${brandFrom(matches).name}: send us a message about your software, web, app, design, video or marketing project, or reach us by email, phone or WhatsApp.`,
  });
