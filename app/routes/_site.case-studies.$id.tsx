import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Gallery } from "~/components/case-studies/gallery";
import { OutcomeList, PublishedDate, TechnologyList, VisitWebsiteLink } from "~/components/case-studies/parts";
import { RelatedWork } from "~/components/case-studies/related-work";
import { Markdown } from "~/components/markdown";
import { ContactTopicLink } from "~/components/site/contact-topic";
import { Icon } from "~/components/icons";
import { buttonClass, Container } from "~/components/ui";
import { brandFrom, titleWith } from "~/domain/page-content";
import { findCaseStudyByAddress } from "~/domain/case-studies.server";
import { listRelatedCaseStudies } from "~/domain/related-work.server";
import { resolveLeadTopic } from "~/domain/lead-topics.server";
import { siteMessages } from "~/domain/site-messages";
import type { CaseStudy } from "~/domain/types";
import { caseStudyImageAlt, responsiveImage } from "~/lib/images";
import { parseMarkdown, type MarkdownBlock } from "~/lib/markdown.server";
import { jsonLd, seo, siteUrlFrom } from "~/lib/seo";
import { getAdmin } from "~/server/auth.server";
import { requireDb } from "~/server/db.server";
import { MOVED_PERMANENTLY_CACHE, PRIVATE_NO_STORE } from "~/server/http-cache.server";

// docs/behaviour.md#case-studies; the address (params.id) is the slug, a former slug or the id (docs/behaviour.md#addresses).

const NOT_FOUND_TITLE = "Case study not found";

const notFound = () => new Response(NOT_FOUND_TITLE, { status: 404, statusText: "Not Found" });

type StorySection = { id: "challenge" | "approach" | "result"; title: string; blocks: MarkdownBlock[] };

const SECTIONS = [
  { id: "challenge", title: "Challenge" },
  { id: "approach", title: "Approach" },
  { id: "result", title: "Result" },
] as const;

/** The written sections of a case study, in the page's order, each parsed into a safe tree (markdown.server.ts). */
function storySections(study: Pick<CaseStudy, StorySection["id"]>): StorySection[] {
  return SECTIONS.flatMap(({ id, title }) => {
    const source = study[id];
    return source ? [{ id, title, blocks: parseMarkdown(source).blocks }] : [];
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireDb();
  const found = await findCaseStudyByAddress(params.id ?? "");
  if (!found) throw notFound();
  const { study, current } = found;
  // Anyone but an admin gets the same 404 for a draft as for an unknown address, so nothing tells them it exists.
  const draft = study.status === "draft";
  if (draft && !(await getAdmin(request)).admin) throw notFound();
  if (!current) {
    const to = `/case-studies/${study.slug}${new URL(request.url).search}`;
    throw redirect(to, { status: 301, headers: { "Cache-Control": draft ? PRIVATE_NO_STORE : MOVED_PERMANENTLY_CACHE } });
  }
  const [related, topic] = await Promise.all([listRelatedCaseStudies(study), resolveLeadTopic({ case_study: study.slug })]);
  const sections = storySections(study);
  if (draft) return data({ study, draft, related, sections, topic }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
  return data({ study, draft, related, sections, topic });
}

export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,.;:]+$/, "")}…`;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (!data) {
    return seo({
      matches,
      path: `/case-studies/${params.id ?? ""}`,
      title: titleWith(matches, NOT_FOUND_TITLE),
      description: "This case study does not exist or is no longer published.",
      noindex: true,
    });
  }
  const { study, draft } = data;
  const siteUrl = siteUrlFrom(matches);
  const path = `/case-studies/${study.slug}`;
  // The search-engine fields override the page's own, each when set (docs/behaviour.md#the-story-in-full).
  const description = study.seo_description ?? summary(study.summary ?? study.project_insight);
  // A draft may have no image yet: its preview shares none.
  const shared = study.seo_image_url ?? (study.image_url || null);
  const image = !shared ? undefined : shared.startsWith("http") ? shared : siteUrl + shared;
  const imageAlt = study.seo_image_url ? study.title : caseStudyImageAlt(study, { fallback: "title" });
  const title = titleWith(matches, study.seo_title ?? `${study.title} | ${study.client} case study`);
  if (draft) return seo({ matches, path, title: `Draft: ${title}`, description, image, imageAlt, type: "article", noindex: true });
  const studio = { "@type": "Organization", name: brandFrom(matches).name, url: `${siteUrl}/` };
  return [
    ...seo({ matches, path, title, description, image, imageAlt, type: "article" }),
    { property: "article:published_time", content: study.created_at },
    jsonLd({
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      name: study.title,
      headline: study.title,
      description: study.project_insight,
      image,
      url: siteUrl + path,
      dateCreated: study.created_at,
      datePublished: study.created_at,
      genre: study.industry,
      keywords: study.technologies.join(", "),
      about: { "@type": "Organization", name: study.client },
      author: studio,
      creator: studio,
      publisher: studio,
      ...(study.website_url ? { sameAs: study.website_url } : {}),
    }),
  ];
};

function BackLink() {
  return (
    <Link
      to="/case-studies"
      className="inline-flex items-center gap-2 rounded-lg py-2 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Icon name="arrowRight" className="h-4 w-4 rotate-180" />
      All case studies
    </Link>
  );
}

export default function CaseStudyPage() {
  const { study, draft, related, sections, topic } = useLoaderData<typeof loader>();
  const image = responsiveImage(study.image_url, "(min-width: 1152px) 1088px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)");
  return (
    <article className="pb-16 sm:pb-24">
      <Container className="pt-6 sm:pt-10">
        {draft ? (
          <div
            role="status"
            className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{siteMessages.draftBanner}</p>
            <Link to={`/dashboard/case-studies/edit/${study.id}`} className="font-medium underline underline-offset-2 hover:no-underline">
              Edit in the dashboard
            </Link>
          </div>
        ) : null}
        <BackLink />
        <header className="mt-4 max-w-3xl">
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold uppercase tracking-wider text-brand-700">
            <span>{study.industry}</span>
            <span aria-hidden="true" className="text-slate-400">
              •
            </span>
            <span className="text-slate-600">{study.client}</span>
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{study.title}</h1>
          {study.summary ? <p className="mt-4 text-lg leading-relaxed text-slate-700 sm:text-xl">{study.summary}</p> : null}
        </header>
        {/* Only a draft (seen by admins) can lack an image: the page shows none. */}
        {study.image_url ? (
          <img
            {...image}
            alt={caseStudyImageAlt(study, { fallback: "title" })}
            width={1600}
            height={1000}
            loading="eager"
            {...{ fetchpriority: "high" }}
            className="mt-8 aspect-[16/10] w-full rounded-2xl bg-slate-100 object-cover shadow-lg ring-1 ring-slate-900/5 sm:mt-10"
          />
        ) : null}

        <div className="mt-10 grid gap-10 sm:mt-14 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
          <div>
            <section aria-labelledby="insight">
              <h2 id="insight" className="text-2xl font-bold tracking-tight">
                Project insight
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-700">{study.project_insight}</p>
            </section>
            {sections.map((section) => (
              <section key={section.id} aria-labelledby={section.id} className="mt-12">
                <h2 id={section.id} className="text-2xl font-bold tracking-tight">
                  {section.title}
                </h2>
                <Markdown blocks={section.blocks} topLevel={3} idPrefix={`${section.id}-`} externalInNewTab />
              </section>
            ))}
            <section aria-labelledby="outcomes" className="mt-12">
              <h2 id="outcomes" className="text-2xl font-bold tracking-tight">
                Outcomes
              </h2>
              <OutcomeList outcomes={study.outcomes} size="lg" className="mt-5" />
            </section>
          </div>

          <aside aria-label="Project details" className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 lg:sticky lg:top-24">
            <dl className="space-y-4 text-sm">
              <div>
                <dt className="font-semibold text-slate-600">Client</dt>
                <dd className="mt-1 text-base text-ink">{study.client}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-600">Industry</dt>
                <dd className="mt-1 text-base text-ink">{study.industry}</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-600">Published</dt>
                <dd className="mt-1 text-base text-ink">{draft ? "Not yet: this is a draft" : <PublishedDate iso={study.created_at} />}</dd>
              </div>
            </dl>
            <h2 className="mt-6 text-sm font-semibold text-slate-600">Technologies</h2>
            <TechnologyList technologies={study.technologies} className="mt-2" />
            <VisitWebsiteLink url={study.website_url} client={study.client} className={`${buttonClass.primary} mt-6 w-full`} />
          </aside>
        </div>

        <Gallery images={study.gallery} />

        <div className="mt-16 flex flex-col items-start justify-between gap-6 rounded-2xl bg-ink px-6 py-8 text-white sm:flex-row sm:items-center sm:px-10">
          <div>
            <h2 className="text-xl font-bold tracking-tight sm:text-2xl">Have a project like this in mind?</h2>
            <p className="mt-1 text-slate-300">Tell us about it and we&apos;ll get back to you within one business day.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ContactTopicLink
              topic={topic}
              className="inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 font-medium text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Start a project
            </ContactTopicLink>
            <Link
              to="/case-studies"
              className="inline-flex items-center justify-center rounded-lg border border-white/30 px-5 py-3 font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              More case studies
            </Link>
          </div>
        </div>

        <RelatedWork studies={related} />
      </Container>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container className="py-20 sm:py-28">
      <div className="mx-auto max-w-xl text-center">
        <p className="text-sm font-semibold text-brand-700">{notFound ? "404" : "Error"}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {notFound ? NOT_FOUND_TITLE : siteMessages.caseStudyLoadFailed}
        </h1>
        <p className="mt-4 text-slate-600">
          {notFound
            ? "The case study you are looking for does not exist or is no longer published."
            : "Something went wrong on our side. Please try again in a moment."}
        </p>
        <Link to="/case-studies" className={`${buttonClass.primary} mt-8`}>
          <Icon name="arrowRight" className="h-4 w-4 rotate-180" />
          Back to case studies
        </Link>
      </div>
    </Container>
  );
}
