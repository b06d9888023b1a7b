import { formatLongDateUtc } from "~/domain/format";
import { useRouteLoaderData } from "@remix-run/react";
import type { SiteSettings } from "~/domain/settings.server";
import type { MarkdownDoc } from "~/lib/markdown.server";
import { Markdown } from "../markdown";
import { Container } from "../ui";

/** A legal document: the Markdown before its first heading is the introduction, each `##` a section in the index. */
export function LegalPage({ title, lastUpdated, doc }: { title: string; lastUpdated: string; doc: MarkdownDoc; description?: string }) {
  const firstHeading = doc.blocks.findIndex((block) => block.type === "heading");
  const introLength = firstHeading === -1 ? doc.blocks.length : firstHeading;
  const sections = doc.headings.filter((heading) => heading.depth === 2);
  // The contact email of the settings, which the public layout's loader has read already.
  const email = useRouteLoaderData<{ settings: SiteSettings }>("routes/_site")?.settings.contactEmail;
  return (
    <Container className="py-12 sm:py-16">
      <article className="lg:grid lg:grid-cols-[minmax(0,65ch)_15rem] lg:justify-between lg:gap-x-16">
        <header className="max-w-prose lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Legal</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-slate-600">
            Last updated: <time dateTime={lastUpdated}>{formatLongDateUtc(`${lastUpdated}T00:00:00Z`)}</time>
          </p>
          <Markdown blocks={doc.blocks.slice(0, introLength)} lead />
        </header>

        <nav
          aria-labelledby="legal-toc"
          className="mt-8 max-w-prose rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start lg:sticky lg:top-24 lg:bg-white"
        >
          <h2 id="legal-toc" className="text-sm font-semibold text-ink">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block py-1 text-slate-700 hover:text-brand-700 hover:underline">
                  {section.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-prose lg:col-start-1 lg:row-start-2">
          <Markdown blocks={doc.blocks.slice(introLength)} />
          {email ? (
            <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
              Questions? Write to us at{" "}
              <a href={`mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-ink">
                {email}
              </a>
              .
            </p>
          ) : null}
        </div>
      </article>
    </Container>
  );
}
