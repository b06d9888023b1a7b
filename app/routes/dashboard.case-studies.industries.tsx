import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ReadOnlyFor, ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { asTyped, Field } from "~/components/forms";
import { buttonClass } from "~/components/ui";
import { portfolioHref } from "~/domain/shared";
import { industryAction } from "~/domain/catalogue-schemas";
import { INDUSTRY_NAME_MAX_LENGTH } from "~/domain/constants";
import { addIndustry, listIndustriesInUse, moveIndustry, removeIndustry, renameIndustry } from "~/domain/industries.server";
import { messages } from "~/domain/messages";
import { titleWith } from "~/domain/page-content";
import { industryRefusal } from "./__industry-answers.server";
import { requirePermission } from "~/server/auth.server";
import { requestOrigin } from "~/server/client-address.server";
import { refusedWithToast } from "~/server/forms.server";
import { redirectWithSuccess } from "~/server/toast.server";

// docs/behaviour.md#services-and-industries: the list a case study's industry is chosen from.
const SCREEN = "/dashboard/case-studies/industries";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "case_studies:read", context);
  return { industries: await listIndustriesInUse() };
}

/** What a refused form gets back: which form, what was typed, and the message shown under it. */
type Refused = { ok: false; intent: string; id: string | null; name: string | null; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "case_studies:write");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: industryAction, ...asTyped });
  const typed = (name: string) => (typeof submission.payload[name] === "string" ? (submission.payload[name] as string) : null);
  const refuse = (message: string, status: number) => {
    const body: Refused = { ok: false, intent: typed("intent") ?? "", id: typed("id"), name: typed("name"), message };
    return refusedWithToast(request, body, message, status);
  };
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse(errors.name?.[0] ?? Object.values(errors).flat()[0] ?? messages.industryIntentInvalid, 422);
  }
  const input = submission.value;
  const origin = requestOrigin(request, admin, "form");
  switch (input.intent) {
    case "add": {
      const result = await addIndustry(input.name, origin);
      if (!result.ok) return refuse(...industryRefusal(result.reason));
      return redirectWithSuccess(SCREEN, messages.industryAdded);
    }
    case "rename": {
      const result = await renameIndustry(input.id, input.name, origin);
      if (!result.ok) return refuse(...industryRefusal(result.reason));
      return redirectWithSuccess(SCREEN, messages.industryRenamed);
    }
    case "move": {
      const result = await moveIndustry(input.id, input.direction, origin);
      if (!result.ok) return refuse(...industryRefusal(result.reason));
      return redirectWithSuccess(SCREEN, messages.industryMoved);
    }
    case "remove": {
      const result = await removeIndustry(input.id, origin);
      if (!result.ok) return refuse(...industryRefusal(result.reason, "count" in result ? result.count : 0));
      return redirectWithSuccess(SCREEN, messages.industryRemoved);
    }
  }
}

export default function Industries() {
  const { industries } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const addRefused = refused?.intent === "add" ? refused : null;

  return (
    <section className="max-w-4xl">
      <ScreenHeading title="Industries">
        <Link to="/dashboard/case-studies/list" className={buttonClass.compact.secondary}>
          Case Study List
        </Link>
      </ScreenHeading>
      <p className="mb-6 text-sm text-slate-600">
        Each case study names one of these industries; visitors filter the case studies by them, in this order. Renaming one renames it on
        every case study that uses it; one in use cannot be removed.
      </p>
      <ReadOnlyFor permission="case_studies:write">
        <Form method="post" className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <input type="hidden" name="intent" value="add" />
          <Field
            key={addRefused ? `refused-${addRefused.name}` : `blank-${industries.length}`}
            className="min-w-0 flex-1 basis-60"
            label="New industry"
            inputProps={{
              id: "new-industry",
              name: "name",
              type: "text",
              required: true,
              maxLength: INDUSTRY_NAME_MAX_LENGTH,
              defaultValue: addRefused?.name ?? "",
            }}
            errors={addRefused ? [addRefused.message] : undefined}
          />
          <button type="submit" disabled={busy} className={buttonClass.compact.primary}>
            Add industry
          </button>
        </Form>

        {industries.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
            No industries yet: add the first one above.
          </p>
        ) : (
          <ol aria-label="Industries, in order" className="space-y-3">
            {industries.map((industry, index) => {
              const own = refused && refused.id === industry.id ? refused : null;
              const renameRefused = own?.intent === "rename" ? own : null;
              const otherRefused = own && own.intent !== "rename" ? own : null;
              return (
                <li key={industry.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post" className="flex min-w-0 flex-1 basis-72 flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="rename" />
                      <input type="hidden" name="id" value={industry.id} />
                      <Field
                        key={renameRefused ? `refused-${renameRefused.name}` : industry.name}
                        className="min-w-0 flex-1 basis-48"
                        label={`Name of industry ${index + 1}`}
                        inputProps={{
                          id: `industry-${industry.id}`,
                          name: "name",
                          type: "text",
                          required: true,
                          maxLength: INDUSTRY_NAME_MAX_LENGTH,
                          defaultValue: renameRefused?.name ?? industry.name,
                        }}
                        errors={renameRefused ? [renameRefused.message] : undefined}
                        hint={
                          industry.caseStudies > 0 ? (
                            <Link to={portfolioHref({ industry: industry.slug })} className="underline underline-offset-2">
                              {industry.caseStudies === 1 ? "Used by 1 case study" : `Used by ${industry.caseStudies} case studies`}
                            </Link>
                          ) : (
                            "Not used yet"
                          )
                        }
                      />
                      <button type="submit" disabled={busy} className={buttonClass.compact.secondary}>
                        Rename<span className="sr-only"> {industry.name}</span>
                      </button>
                    </Form>
                    <div className="flex flex-wrap gap-2">
                      <MoveButton id={industry.id} direction="up" name={industry.name} disabled={busy || index === 0} />
                      <MoveButton
                        id={industry.id}
                        direction="down"
                        name={industry.name}
                        disabled={busy || index === industries.length - 1}
                      />
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={industry.id} />
                        <button type="submit" disabled={busy} className={buttonClass.compact.danger}>
                          Remove<span className="sr-only"> {industry.name}</span>
                        </button>
                      </Form>
                    </div>
                  </div>
                  {otherRefused ? (
                    <p role="alert" className="mt-2 text-sm text-red-700">
                      {otherRefused.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </ReadOnlyFor>
    </section>
  );
}

function MoveButton({ id, direction, name, disabled }: { id: string; direction: "up" | "down"; name: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" disabled={disabled} className={buttonClass.compact.secondary}>
        {direction === "up" ? "Move up" : "Move down"}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Industries") }, { name: "robots", content: "noindex" }];
