import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import type { LegalBlock, LegalDocument } from "~/content/legal";
import { site } from "~/content/site";
import { Container } from "../ui";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Container className="py-12 sm:py-16">
      <article className="lg:grid lg:grid-cols-[minmax(0,65ch)_15rem] lg:justify-between lg:gap-x-16">
        <header className="max-w-prose lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Legal</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{document.title}</h1>
          <p className="mt-4 text-sm text-slate-600">
            Last updated: <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
          </p>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{document.intro}</p>
        </header>

        <nav
          aria-labelledby="legal-toc"
          className="mt-8 max-w-prose rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start lg:sticky lg:top-24 lg:bg-white"
        >
          <h2 id="legal-toc" className="text-sm font-semibold text-ink">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block py-1 text-slate-700 hover:text-brand-700 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-prose lg:col-start-1 lg:row-start-2">
          {document.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-10">
              <h2 id={section.id} className="scroll-mt-6 text-2xl font-bold tracking-tight text-ink md:scroll-mt-24">
                {section.heading}
              </h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
          <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
            Questions? Write to us at <InlineText text={site.email} />.
          </p>
        </div>
      </article>
    </Container>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") {
    return (
      <p className="mt-4 leading-relaxed text-slate-700">
        <InlineText text={block} />
      </p>
    );
  }
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-brand-600">
      {block.list.map((item) => (
        <li key={item}>
          <InlineText text={item} />
        </li>
      ))}
    </ul>
  );
}

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-ink";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const inlinePattern = new RegExp(`\\[([^\\]]+)\\]\\((/[^)\\s]*)\\)|(${escapeRegExp(site.email)})`, "g");

function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(<Fragment key={`t${last}`}>{text.slice(last, start)}</Fragment>);
    const [whole, label, to, address] = match;
    if (address) {
      parts.push(
        <a key={start} href={`mailto:${address}`} className={linkClass}>
          {address}
        </a>,
      );
    } else if (label && to) {
      parts.push(
        <Link key={start} to={to} className={linkClass}>
          {label}
        </Link>,
      );
    }
    last = start + whole.length;
  }
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}

function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
}
