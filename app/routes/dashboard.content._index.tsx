import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormatTime } from "~/hooks/use-studio-time";
import { ScreenHeading } from "~/components/dashboard/dashboard-ui";
import { buttonClass } from "~/components/ui";
import { titleWith } from "~/domain/page-content";
import { CONTENT_PARTS, contentPartLabels } from "~/domain/content-schemas";
import { listContentStates } from "~/domain/site-content.server";
import { requirePermission } from "~/server/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, "content:read", context);
  const states = await listContentStates();
  return {
    parts: CONTENT_PARTS.map((part) => ({ part, label: contentPartLabels[part], ...states[part] })),
  };
}

export default function SiteContent() {
  const formatTime = useFormatTime();
  const { parts } = useLoaderData<typeof loader>();
  const drafts = parts.filter((part) => part.draftAt).length;
  return (
    <section className="max-w-3xl">
      <ScreenHeading title="Site content">
        <Form method="post" action="/dashboard/preview">
          <input type="hidden" name="intent" value="on" />
          <input type="hidden" name="redirectTo" value="/" />
          <button type="submit" className={buttonClass.compact.secondary}>
            Preview the site{drafts ? " with drafts" : ""}
          </button>
        </Form>
      </ScreenHeading>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        Every word and picture of the public site. Save a draft to work on a part without visitors seeing it, preview the site with your
        drafts, then publish. Each save is kept in the part&apos;s history.
      </p>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {parts.map((part) => (
          <li key={part.part} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
            <div className="min-w-0">
              <Link to={`/dashboard/content/${part.part}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
                {part.label}
              </Link>
              <p className="text-xs text-slate-600">
                {part.publishedAt ? `Published ${formatTime(part.publishedAt)}` : "As the demo content"}
                {part.updatedBy ? ` · last saved by ${part.updatedBy}` : ""}
              </p>
            </div>
            <div className="flex items-center gap-3">
              {part.draftAt ? (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Draft pending</span>
              ) : null}
              <Link to={`/dashboard/content/${part.part}/history`} className="text-sm font-medium text-brand-700 hover:underline">
                History<span className="sr-only"> of {part.label}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: titleWith(matches, "Site content") }, { name: "robots", content: "noindex" }];
