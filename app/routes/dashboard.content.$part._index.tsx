import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { ContentEditor, EditorLinks } from "~/components/dashboard/content-editor";
import { contentFields, markdownFieldNames } from "~/components/dashboard/content-fields";
import type { MarkdownPreviewAnswer } from "~/components/dashboard/markdown-preview";
import { ReadOnlyFor, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped } from "~/components/forms";
import { ErrorPage, errorTitle } from "~/components/site/error-page";
import { titleWith } from "~/domain/page-content";
import { contentPartLabels, contentSchemas, isContentPart, type ContentPart } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import type { ImageStorage } from "~/domain/ports";
import { joinErrors } from "~/domain/field-rules";
import { discardContentDraft, getContentPart, saveContentPart } from "~/domain/site-content.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { refusedWithToast } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { redirectWithSuccess } from "~/server/toast.server";
import { readPostedForm, uploadRefusalMessage, UploadError } from "~/server/uploads.server";
import { markdownPreview, previewIntent } from "./__preview-intent.server";

function partOf(params: { part?: string }): ContentPart {
  if (!params.part || !isContentPart(params.part)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return params.part;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, "content:read", context);
  const part = partOf(params);
  const state = await getContentPart(part);
  const services = part === "home" ? await getContentPart("services") : null;
  return {
    part,
    label: contentPartLabels[part],
    value: state.draft ?? state.published,
    hasDraft: state.draft !== null,
    draftAt: state.draftAt,
    publishedAt: state.publishedAt,
    services: (services?.draft ?? services?.published)?.items.map(({ slug, title }) => ({ value: slug, label: title })) ?? [],
  };
}

/** A refused form, or one sent only to preview a Markdown field (`preview`): either way nothing was stored. */
type Refused = { result: SubmissionResult<string[]>; preview?: MarkdownPreviewAnswer | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "content:write");
  const part = partOf(params);
  const here = `/dashboard/content/${part}`;
  let form: FormData;
  try {
    form = await readPostedForm(request);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    // What was typed beside an oversize file comes back as it was, unchecked.
    const typed = parse<unknown, string[]>(withoutUploads(error.fields ?? new FormData()), { resolve: (value) => ({ value }) });
    return refused(request, typed.reply({ formErrors: [error.message] }), error.status);
  }

  if (form.get("intent") === "discard") {
    await discardContentDraft(part, { origin: requestOrigin(request, admin, "form"), images: ports.images });
    return redirectWithSuccess(here, messages.contentDraftDiscarded);
  }

  const previewed = previewIntent(form);
  if (previewed !== null) {
    // Only that field is read: the form comes back as typed, unchecked, and nothing is stored.
    const typed = parse<unknown, string[]>(withoutUploads(copyOf(form)), { resolve: (value) => ({ value }) });
    const preview = markdownPreview(form, previewed, markdownFieldNames(contentFields(part, { services: [] })));
    return data<Refused>({ result: typed.reply(), preview });
  }

  const schema = contentSchemas[part];
  // A list's add, move or remove button: the form comes back changed, nothing is stored.
  if (form.has("__intent__")) {
    const changed = parseWithZod(withoutUploads(form), { schema, ...asTyped });
    return data<Refused>({ result: changed.reply() });
  }

  // One parse, before any image is stored (a refused form writes no file): a chosen file's field holds a stand-in.
  const chosen = withStandIns(form);
  const submission = parseWithZod(chosen.form, { schema, ...asTyped });
  if (submission.status !== "success") return refused(request, asSent(form, submission.reply()), 422);
  const uploads = await storeUploads(chosen.files, ports.images);
  if (Object.keys(uploads.refused).length) {
    await Promise.all([...uploads.stored.values()].map((url) => ports.images.remove(url)));
    return refused(request, asSent(form, submission.reply({ fieldErrors: uploads.refused })), 422);
  }

  const publish = form.get("intent") === "publish";
  await saveContentPart(part, withStored(submission.value, uploads.stored) as never, {
    publish,
    origin: requestOrigin(request, admin, "form"),
    images: ports.images,
  });
  return redirectWithSuccess(here, publish ? messages.contentPublished : messages.contentDraftSaved);
}

const UPLOAD_SUFFIX = ".upload";

/** Drops the file fields of a form that is not being saved (a list's add, remove or move): nothing is stored. */
function withoutUploads(form: FormData): FormData {
  for (const key of [...form.keys()]) if (key.endsWith(UPLOAD_SUFFIX)) form.delete(key);
  return form;
}

/**
 * The form as the parse reads it: each `<field>.upload` file's `<field>.url` holds a stand-in address (a random one,
 * which no typed value can match) and a ticked `<field>.remove` empties it. `files`: each stand-in's file and field.
 */
function withStandIns(sent: FormData): { form: FormData; files: Map<string, { field: string; file: File }> } {
  const form = new FormData();
  for (const [key, value] of sent) if (!key.endsWith(UPLOAD_SUFFIX) && !key.endsWith(".remove")) form.append(key, value);
  const files = new Map<string, { field: string; file: File }>();
  const batch = crypto.randomUUID();
  for (const key of new Set([...sent.keys()].filter((name) => name.endsWith(UPLOAD_SUFFIX)))) {
    const field = key.slice(0, -UPLOAD_SUFFIX.length);
    const file = sent.get(key);
    if (sent.get(`${field}.remove`) === "on") form.set(`${field}.url`, "");
    else if (file instanceof File && file.size > 0) {
      const standIn = `/uploads/pending-${batch}-${files.size}`;
      files.set(standIn, { field, file });
      form.set(`${field}.url`, standIn);
    }
  }
  return { form, files };
}

/** Stores the chosen files; a refused one is reported at its `<field>.url`. `stored`: each stand-in's address. */
async function storeUploads(files: Map<string, { field: string; file: File }>, images: ImageStorage) {
  const stored = new Map<string, string>();
  const refused: Record<string, string[]> = {};
  for (const [standIn, { field, file }] of files) {
    const result = await images.store(file);
    if (result.ok) stored.set(standIn, result.url);
    else refused[`${field}.url`] = [uploadRefusalMessage(result.reason)];
  }
  return { stored, refused };
}

/** The parsed content with each stand-in replaced by the stored image's address. */
function withStored(value: unknown, stored: Map<string, string>): unknown {
  if (typeof value === "string") return stored.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => withStored(item, stored));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withStored(item, stored)]));
  return value;
}

/** A refusal shows the form as it was sent, without the stand-ins (conform's own reading of it, not a second check). */
function asSent(form: FormData, result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const sent = parse(withoutUploads(copyOf(form)), { resolve: (value) => ({ value }) });
  return { ...result, initialValue: sent.payload as SubmissionResult<string[]>["initialValue"] };
}

function copyOf(form: FormData): FormData {
  const copy = new FormData();
  for (const [key, value] of form) copy.append(key, value);
  return copy;
}

function refused(request: Request, result: SubmissionResult<string[]>, status: number) {
  return refusedWithToast<Refused>(request, { result }, joinErrors(result.error ?? undefined, messages.contentNotSaved), status);
}

export default function ContentPartEditor() {
  const { part, label, value, hasDraft, draftAt, services } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="max-w-5xl">
      <ScreenHeading title={label}>
        <EditorLinks part={part} />
      </ScreenHeading>
      {/* A new form once the stored value changes (after a save or a discard). */}
      <ReadOnlyFor permission="content:write">
        <ContentEditor
          key={JSON.stringify(value)}
          id={`content-${part}`}
          fields={contentFields(part, { services })}
          schema={contentSchemas[part]}
          defaultValue={value as Record<string, unknown>}
          lastResult={answer && "result" in answer ? answer.result : undefined}
          preview={answer && "preview" in answer ? answer.preview : undefined}
          hasDraft={hasDraft}
          status={
            <p role={hasDraft ? "status" : undefined}>
              {hasDraft && draftAt
                ? "You are editing a draft: visitors see the published version until you publish."
                : "Visitors see this version. Save a draft to keep changes to yourself until you publish."}
            </p>
          }
        />
      </ReadOnlyFor>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error, matches }) => [
  { title: titleWith(matches, `${loaded ? loaded.label : errorTitle(error)} | Site content`) },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} back={{ to: "/dashboard/content", label: "Back to the site content" }} headingLevel={2} />;
}
