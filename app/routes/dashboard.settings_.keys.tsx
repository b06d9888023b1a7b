import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { Field } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { API_KEY_NAME_MAX_LENGTH, apiKeyInput } from "~/domain/api-key-schemas";
import { createApiKey, listApiKeys, revokeApiKey } from "~/domain/api-keys.server";
import { useFormatTime } from "~/hooks/use-studio-time";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { SCOPES } from "~/domain/permissions";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";

// docs/security.md#api-keys: the studio's keys, for Owners and Admins. A new key is in the action's answer only (never a
// URL or a cookie), so it is shown once, with JavaScript on or off.
const HERE = "/dashboard/settings/keys";
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "keys:write", context);
  return { keys: await listApiKeys() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "keys:write");
  const form = await request.formData();
  const origin = requestOrigin(request, admin, "form");
  if (form.get("intent") === "revoke") {
    const revoked = await revokeApiKey(String(form.get("key") ?? ""), origin);
    return revoked.ok ? redirectWithSuccess(HERE, messages.apiKeyRevoked) : redirectWithError(HERE, messages.apiKeyNotFound);
  }
  const values = {
    name: String(form.get("name") ?? ""),
    scopes: form.getAll("scopes").map(String),
    expires_at: String(form.get("expires_at") ?? ""),
  };
  const parsed = apiKeyInput.safeParse(values);
  if (!parsed.success)
    return data({ created: null, errors: parsed.error.flatten().fieldErrors, values }, { status: 422, headers: NO_STORE });
  const { key, summary } = await createApiKey(parsed.data, origin);
  return data({ created: { key, name: summary.name }, errors: null, values: null }, { headers: NO_STORE });
}

export default function ApiKeys() {
  const formatTime = useFormatTime();
  const { keys } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const errors = answer?.errors ?? undefined;
  const values = answer?.values ?? undefined;
  return (
    <div className="max-w-3xl space-y-8">
      <ScreenHeading title="API keys">
        <Link to="/dashboard/settings" className={buttonClass.compact.secondary}>
          Back to the settings
        </Link>
      </ScreenHeading>
      <p className="-mt-4 text-sm text-slate-600">
        A key lets another tool use the JSON API with the scopes chosen here, sent as <code>Authorization: Bearer &lt;key&gt;</code>. It
        belongs to the studio: signing out everywhere does not end it, nor does deleting the admin who made it. Revoking it does, at once.
        Times in UTC.
      </p>

      {answer?.created ? (
        <section aria-labelledby="new-key-heading" className="space-y-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
          <h3 id="new-key-heading" className="font-semibold">
            New key &ldquo;{answer.created.name}&rdquo;
          </h3>
          <label htmlFor="new-key" className="block text-sm text-slate-700">
            {messages.apiKeyCreated}
          </label>
          <input
            id="new-key"
            readOnly
            value={answer.created.key}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        </section>
      ) : null}

      <Form method="post" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6" aria-label="New API key">
        <input type="hidden" name="intent" value="create" />
        <Field
          label="Name"
          inputProps={{ id: "name", name: "name", defaultValue: values?.name ?? "", maxLength: API_KEY_NAME_MAX_LENGTH }}
          errors={errors?.name}
          hint="What the key is for, e.g. the tool that uses it."
        />
        <fieldset aria-describedby={errors?.scopes ? "scopes-error" : undefined}>
          <legend className="text-sm font-medium">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="scopes" value={scope} defaultChecked={values?.scopes.includes(scope)} />
                <code>{scope}</code>
              </label>
            ))}
          </div>
          {errors?.scopes ? (
            <p id="scopes-error" className="mt-1 text-sm text-red-700">
              {errors.scopes.join(", ")}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Expires (optional)"
          inputProps={{ id: "expires_at", name: "expires_at", type: "date", defaultValue: values?.expires_at ?? "" }}
          errors={errors?.expires_at}
          hint="The last day (UTC) the key works. Empty: until revoked."
        />
        <button type="submit" disabled={creating} className={buttonClass.compact.primary}>
          {creating ? "Creating..." : "Create key"}
        </button>
      </Form>

      <section aria-labelledby="keys-heading" className="space-y-3">
        <h3 id="keys-heading" className="text-lg font-semibold">
          Keys
        </h3>
        {keys.length === 0 ? (
          <p className="text-sm text-slate-600">No keys yet.</p>
        ) : (
          <ul aria-label="API keys" className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium break-words">
                    {key.name}
                    {key.expired ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">Expired</span> : null}
                    {key.createdBy.deleted ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Creator deleted</span>
                    ) : null}
                  </p>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                    <dt className="text-slate-600">Scopes</dt>
                    <dd className="break-words">{key.scopes.join(", ")}</dd>
                    <dt className="text-slate-600">Created by</dt>
                    <dd className="break-words">
                      {key.createdBy.name} &lt;{key.createdBy.email}&gt;
                    </dd>
                    <dt className="text-slate-600">Created</dt>
                    <dd>{formatTime(key.createdAt)}</dd>
                    <dt className="text-slate-600">Last used</dt>
                    <dd className="break-all">
                      {key.lastUsedAt ? `${formatTime(key.lastUsedAt)}, ${key.lastUsedAddress || "Unknown"}` : "Never"}
                    </dd>
                    <dt className="text-slate-600">Expires</dt>
                    <dd>{key.expiresAt ? formatTime(key.expiresAt) : "Never"}</dd>
                  </dl>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="key" value={key.id} />
                  <button type="submit" aria-label={`Revoke ${key.name}`} className={buttonClass.compact.secondary}>
                    Revoke
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "API keys") }, { name: "robots", content: "noindex" }];
