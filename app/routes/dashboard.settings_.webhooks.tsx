import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { Field } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { useFormatTime } from "~/hooks/use-studio-time";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { WEBHOOK_EVENTS, webhookEventLabels } from "~/domain/webhook-events";
import { MAX_WEBHOOKS, WEBHOOK_URL_MAX_LENGTH, webhookInput, type Webhook, type WebhookDelivery } from "~/domain/webhook-schemas";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendDelivery,
  sendTestEvent,
  updateWebhook,
} from "~/domain/webhooks.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { redirectWithError, redirectWithSuccess } from "~/server/toast.server";
import { webhookUrlMessage } from "./__webhook-api.server";

// docs/behaviour.md#webhooks: the endpoints, their secrets and deliveries, for those with webhooks:write.
const HERE = "/dashboard/settings/webhooks";
const SHOWN_DELIVERIES = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "webhooks:write", context);
  const webhooks = await listWebhooks(ports.secrets);
  const deliveries = await Promise.all(webhooks.map((webhook) => listWebhookDeliveries(webhook.id, SHOWN_DELIVERIES)));
  return { webhooks: webhooks.map((webhook, n) => ({ ...webhook, deliveries: deliveries[n] ?? [] })) };
}

type Refused = {
  form: string;
  errors: Partial<Record<"url" | "events" | "form", string[]>>;
  values: { url: string; events: string[]; enabled: boolean; slack: boolean };
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "webhooks:write");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const origin = requestOrigin(request, admin, "form");
  const gone = () => redirectWithError(HERE, messages.webhookNotFound);

  if (intent === "delete") return (await deleteWebhook(id, origin)).ok ? redirectWithSuccess(HERE, messages.webhookDeleted) : gone();
  if (intent === "test") return (await sendTestEvent(id)).ok ? redirectWithSuccess(HERE, messages.webhookTestQueued) : gone();
  if (intent === "resend") {
    const again = await resendDelivery(id, String(form.get("delivery") ?? ""));
    return again.ok ? redirectWithSuccess(HERE, messages.webhookResendQueued) : redirectWithError(HERE, messages.webhookDeliveryNotFound);
  }
  if (intent !== "create" && intent !== "save") return gone();

  const values = {
    url: String(form.get("url") ?? ""),
    events: form.getAll("events").map(String),
    enabled: form.get("enabled") === "on",
    slack: form.get("slack") === "on",
  };
  const refuse = (errors: Refused["errors"]) =>
    data({ form: intent === "create" ? "new" : id, errors, values } satisfies Refused, { status: 422 });
  const parsed = webhookInput.safeParse(values);
  if (!parsed.success) {
    const fields = parsed.error.flatten().fieldErrors;
    return refuse({ url: fields.url, events: fields.events });
  }
  const write = { origin, secrets: ports.secrets, guard: ports.webhooks };
  const saved = intent === "create" ? await createWebhook(parsed.data, write) : await updateWebhook(id, parsed.data, write);
  if (saved.ok) return redirectWithSuccess(HERE, intent === "create" ? messages.webhookCreated : messages.webhookSaved);
  if (saved.reason === "not-found") return gone();
  if (saved.reason === "too-many") return refuse({ form: [messages.webhookTooMany(MAX_WEBHOOKS)] });
  return refuse({ url: [webhookUrlMessage(saved.reason)] });
}

export default function Webhooks() {
  const { webhooks } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  return (
    <section className="max-w-3xl">
      <ScreenHeading title="Webhooks">
        <Link to="/dashboard/settings" className={buttonClass.compact.secondary}>
          Back to the settings
        </Link>
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        Each event is POSTed as JSON to the endpoints that listen for it, signed with the endpoint&apos;s secret (Studio-Signature), and
        tried again for about an hour when it does not get a 2xx answer. Addresses must start with https:// and lead to the public internet.
        A Slack incoming webhook gets a short message instead. How to verify a signature: docs/api.md#webhooks.
      </p>
      {webhooks.map((webhook) => (
        <article key={webhook.id} className="mb-8 rounded-2xl border border-slate-200 bg-white p-6" aria-label={`Webhook ${webhook.url}`}>
          <h3 className="mb-1 break-all text-base font-semibold text-ink">{webhook.url}</h3>
          <p className="mb-4 text-sm text-slate-600">
            {webhook.enabled ? "On" : "Off"}
            {webhook.slack ? " · Slack" : ""} · added by {webhook.created_by ?? "an admin"}
          </p>
          <details className="mb-4 text-sm">
            <summary className="cursor-pointer font-medium">Signing secret</summary>
            <code className="mt-2 block break-all rounded bg-slate-100 p-2">{webhook.secret}</code>
          </details>
          <WebhookForm webhook={webhook} refused={refused?.form === webhook.id ? refused : undefined} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="id" value={webhook.id} />
              <button type="submit" name="intent" value="test" className={buttonClass.compact.secondary}>
                Send test event
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="id" value={webhook.id} />
              <button type="submit" name="intent" value="delete" className={buttonClass.compact.danger}>
                Delete webhook
              </button>
            </Form>
          </div>
          <Deliveries webhookId={webhook.id} deliveries={webhook.deliveries} />
        </article>
      ))}
      <section className="rounded-2xl border border-slate-200 bg-white p-6" aria-label="Add a webhook">
        <h3 className="mb-4 text-base font-semibold text-ink">Add a webhook</h3>
        <WebhookForm refused={refused?.form === "new" ? refused : undefined} />
      </section>
    </section>
  );
}

function WebhookForm({ webhook, refused }: { webhook?: Webhook; refused?: Refused }) {
  const saving = useNavigation().state === "submitting";
  const prefix = webhook ? `webhook-${webhook.id}` : "new-webhook";
  const values = refused?.values ?? {
    url: webhook?.url ?? "",
    events: webhook?.events ?? [],
    enabled: webhook?.enabled ?? true,
    slack: webhook?.slack ?? false,
  };
  return (
    <Form method="post" className="space-y-4" aria-label={webhook ? "Edit webhook" : "New webhook"} key={JSON.stringify(values)}>
      {webhook ? <input type="hidden" name="id" value={webhook.id} /> : null}
      <Field
        label="Address (URL)"
        inputProps={{
          id: `${prefix}-url`,
          name: "url",
          type: "url",
          maxLength: WEBHOOK_URL_MAX_LENGTH,
          defaultValue: values.url,
          placeholder: "https://hooks.example.com/studio",
        }}
        errors={refused?.errors.url}
      />
      <fieldset aria-describedby={refused?.errors.events ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium text-ink">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="events"
              value={event}
              defaultChecked={values.events.includes(event)}
              className="h-4 w-4 accent-brand-600"
            />
            <code>{event}</code> <span className="text-slate-600">{webhookEventLabels[event]}</span>
          </label>
        ))}
        {refused?.errors.events ? (
          <p id={`${prefix}-events-error`} className="mt-1 text-sm text-red-700">
            {refused.errors.events[0]}
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={values.enabled} className="h-4 w-4 accent-brand-600" /> On
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="slack" defaultChecked={values.slack} className="h-4 w-4 accent-brand-600" /> A Slack incoming webhook
      </label>
      {refused?.errors.form ? <p className="text-sm text-red-700">{refused.errors.form[0]}</p> : null}
      <button type="submit" name="intent" value={webhook ? "save" : "create"} disabled={saving} className={buttonClass.compact.primary}>
        {webhook ? "Save webhook" : "Add webhook"}
      </button>
    </Form>
  );
}

function Deliveries({ webhookId, deliveries }: { webhookId: string; deliveries: WebhookDelivery[] }) {
  const formatTime = useFormatTime();
  if (!deliveries.length) return <p className="mt-4 text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <table className="mt-4 w-full text-left text-sm" aria-label="Deliveries">
      <caption className="mb-2 text-left font-medium text-ink">Deliveries (newest first)</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Event</th>
          <th scope="col">Status code</th>
          <th scope="col">Duration</th>
          <th scope="col">Tries</th>
          <th scope="col">State</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id} className="border-t border-slate-100">
            <td>{formatTime(delivery.created_at)}</td>
            <td>
              <code>{delivery.type}</code>
            </td>
            <td>{delivery.status_code ?? "–"}</td>
            <td>{delivery.duration_ms === null ? "–" : `${delivery.duration_ms} ms`}</td>
            <td>{delivery.attempts}</td>
            <td title={delivery.error ?? undefined}>{delivery.state}</td>
            <td>
              <Form method="post">
                <input type="hidden" name="id" value={webhookId} />
                <input type="hidden" name="delivery" value={delivery.id} />
                <button type="submit" name="intent" value="resend" className="text-brand-700 underline">
                  Send again
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Webhooks") }, { name: "robots", content: "noindex" }];
