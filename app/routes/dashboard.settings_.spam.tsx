import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { Field, TextareaField } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { SPAM_KEEP_DAYS, SPAM_MAX_LINKS_LIMIT, SPAM_MIN_FILL_MS, SPAM_WORDS_MAX } from "~/domain/spam";
import { getSpamRules, saveSpamRules } from "~/domain/spam-rules.server";
import { spamRulesInput } from "~/domain/spam-rules-schema";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#spam: the rules a studio sees and edits; the honeypot and the form's time are fixed.
const HERE = "/dashboard/settings/spam";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "settings:write", context);
  return { rules: await getSpamRules() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "settings:write");
  const form = await request.formData();
  const posted = { maxLinks: form.get("maxLinks"), words: form.get("words") };
  const parsed = spamRulesInput.safeParse({
    maxLinks: typeof posted.maxLinks === "string" ? posted.maxLinks : undefined,
    words: typeof posted.words === "string" ? posted.words : undefined,
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    return data({ errors, values: { maxLinks: String(posted.maxLinks ?? ""), words: String(posted.words ?? "") } }, { status: 422 });
  }
  await saveSpamRules(parsed.data, requestOrigin(request, admin, "form"));
  return redirectWithSuccess(HERE, messages.spamRulesSaved);
}

export default function SpamRules() {
  const { rules } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  return (
    <section className="max-w-xl">
      <ScreenHeading title="Spam rules">
        <Link to="/dashboard/settings" className={buttonClass.compact.secondary}>
          Back to the settings
        </Link>
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        A message that meets a rule is filed under Spam in the inbox: kept for {SPAM_KEEP_DAYS} days, never emailed, and the sender sees the
        same thanks as anyone. Besides these rules, a message is spam when the form&apos;s hidden field was filled in or it was sent within{" "}
        {SPAM_MIN_FILL_MS / 1000} seconds of the form being shown. &ldquo;Not spam&rdquo; on a message moves it to New and emails it then.
      </p>
      <Form
        method="post"
        key={JSON.stringify(rules)}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6"
        aria-label="Spam rules"
      >
        <Field
          label="Most links a message may have"
          inputProps={{
            id: "maxLinks",
            name: "maxLinks",
            type: "number",
            min: 0,
            max: SPAM_MAX_LINKS_LIMIT,
            step: 1,
            inputMode: "numeric",
            defaultValue: refused?.values.maxLinks ?? String(rules.maxLinks),
          }}
          errors={refused?.errors.maxLinks}
          hint="A message with more links (an address starting with http://, https:// or www.) is spam. 0: any link is."
        />
        <TextareaField
          label="Words that mark spam"
          textareaProps={{ id: "words", name: "words", rows: 6, defaultValue: refused?.values.words ?? rules.words.join("\n") }}
          errors={refused?.errors.words}
          hint={`One word or phrase a line, at most ${SPAM_WORDS_MAX}; found as whole words in the name, email or message, whatever their case.`}
        />
        <button type="submit" disabled={saving} className={buttonClass.compact.primary}>
          {saving ? "Saving..." : "Save spam rules"}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Spam rules") }, { name: "robots", content: "noindex" }];
