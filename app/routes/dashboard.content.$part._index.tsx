import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { ContentEditor, EditorLinks } from "~/components/dashboard/content-editor";
import { contentFields } from "~/components/dashboard/content-fields";
import { ScreenHeading } from "~/components/dashboard/ui";
import { asTyped } from "~/components/forms";
import { ErrorPage, errorTitle } from "~/components/site/error-page";
import { titleWith } from "~/domain/page-content";
import { contentPartLabels, contentSchemas, isContentPart, type ContentPart } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import { joinErrors } from "~/domain/schemas";
import { discardContentDraft, getContentPart, saveContentPart } from "~/domain/site-content.server";
import { requireAdmin } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { takeContentUploads, withoutUploads } from "~/server/content-uploads.server";
import { refusedWithToast } from "~/server/forms.server";
import { ports } from "~/server/ports.server";
import { redirectWithSuccess } from "~/server/toast.server";
import { readPostedForm, UploadError } from "~/server/uploads.server";

function partOf(params: { part?: string }): ContentPart {
  if (!params.part || !isContentPart(params.part)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return params.part;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
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

type Refused = { result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
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

  const schema = contentSchemas[part];
  // A list's add, move or remove button: the form comes back changed, nothing is stored.
  if (form.has("__intent__")) {
    const changed = parseWithZod(withoutUploads(form), { schema, ...asTyped });
    return data<Refused>({ result: changed.reply() });
  }

  // Checked before any image is stored, so a refused form writes no file.
  const checked = parseWithZod(withoutUploads(copyOf(form)), { schema, ...asTyped });
  if (checked.status !== "success") return refused(request, checked.reply(), 422);

  const uploads = await takeContentUploads(form, ports.images);
  const submission = parseWithZod(uploads.form, { schema, ...asTyped });
  if (Object.keys(uploads.refused).length || submission.status !== "success") {
    await Promise.all(uploads.stored.map((url) => ports.images.remove(url)));
    return refused(request, checked.reply({ fieldErrors: uploads.refused }), 422);
  }

  const publish = form.get("intent") === "publish";
  await saveContentPart(part, submission.value as never, {
    publish,
    origin: requestOrigin(request, admin, "form"),
    images: ports.images,
  });
  return redirectWithSuccess(here, publish ? messages.contentPublished : messages.contentDraftSaved);
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
    <section className="max-w-3xl">
      <ScreenHeading title={label}>
        <EditorLinks part={part} />
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600" role={hasDraft ? "status" : undefined}>
        {hasDraft && draftAt
          ? "You are editing a draft: visitors see the published version until you publish."
          : "Visitors see this version. Save a draft to keep changes to yourself until you publish."}
      </p>
      {/* A new form once the stored value changes (after a save or a discard). */}
      <ContentEditor
        key={JSON.stringify(value)}
        id={`content-${part}`}
        fields={contentFields(part, { services })}
        schema={contentSchemas[part]}
        defaultValue={value as Record<string, unknown>}
        lastResult={answer && "result" in answer ? answer.result : undefined}
        hasDraft={hasDraft}
      />
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
