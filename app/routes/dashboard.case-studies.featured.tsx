import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ReadOnlyFor, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { featuredMove } from "~/domain/catalogue-schemas";
import { HOME_WORK_COUNT } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { listFeatured, moveFeatured } from "~/domain/portfolio.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { refusedWithToast } from "~/server/forms.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#featured-work: the order the home page's latest work shows featured entries in.
const SCREEN = "/dashboard/case-studies/featured";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:read", context);
  const featured = await listFeatured({ audience: "admin" });
  return { featured: featured.map(({ id, title, client, status }) => ({ id, title, client, status })) };
}

type Refused = { ok: false; id: string | null; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "case_studies:write");
  const submission = parseWithZod(await request.formData(), { schema: featuredMove, ...asTyped });
  const id = typeof submission.payload.id === "string" ? submission.payload.id : null;
  const refuse = (message: string, status: number) =>
    refusedWithToast(request, { ok: false, id, message } satisfies Refused, message, status);
  if (submission.status !== "success")
    return refuse(Object.values(submission.error ?? {}).flat()[0] ?? messages.industryIntentInvalid, 422);
  const result = await moveFeatured(submission.value.id, submission.value.direction, requestOrigin(request, admin, "form"));
  if (!result.ok) return result.reason === "not-found" ? refuse(messages.featuredNotFound, 404) : refuse(messages.industryAtTheEnd, 409);
  return redirectWithSuccess(SCREEN, messages.featuredMoved);
}

export default function FeaturedOrder() {
  const { featured } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-4xl">
      <ScreenHeading title="Featured order">
        <Link to="/dashboard/case-studies/list" className={buttonClass.compact.secondary}>
          Case Study List
        </Link>
      </ScreenHeading>
      <p className="mb-6 text-sm text-slate-600">
        The home page&apos;s latest work shows the first {HOME_WORK_COUNT} published featured case studies in this order, then the newest
        others when fewer are featured. Feature or unfeature a case study with the Featured toggle in its editor.
      </p>
      <ReadOnlyFor permission="case_studies:write">
        {refused && !featured.some((study) => study.id === refused.id) ? (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {refused.message}
          </p>
        ) : null}
        {featured.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
            No case study is featured: the home page shows the newest ones.
          </p>
        ) : (
          <ol aria-label="Featured case studies, in order" className="space-y-3">
            {featured.map((study, index) => (
              <li key={study.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-medium break-words">
                      <Link to={`/dashboard/case-studies/edit/${study.id}`} className="hover:underline">
                        {study.title}
                      </Link>
                    </p>
                    <p className="text-sm text-slate-600">
                      {study.client}
                      {study.status === "draft" ? " · Draft: not shown until published" : null}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {(["up", "down"] as const).map((direction) => (
                      <Form method="post" key={direction}>
                        <input type="hidden" name="id" value={study.id} />
                        <input type="hidden" name="direction" value={direction} />
                        <button
                          type="submit"
                          disabled={busy || (direction === "up" ? index === 0 : index === featured.length - 1)}
                          className={buttonClass.compact.secondary}
                        >
                          {direction === "up" ? "Move up" : "Move down"}
                          <span className="sr-only"> {study.title}</span>
                        </button>
                      </Form>
                    ))}
                  </div>
                </div>
                {refused?.id === study.id ? (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {refused.message}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </ReadOnlyFor>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleWith(matches, "Featured order") },
  { name: "robots", content: "noindex" },
];
