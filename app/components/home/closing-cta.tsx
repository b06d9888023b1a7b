import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { Container } from "~/components/ui";

export type ClosingContent = { closingHeadline: string; closingText: string; closingCta: string };

export function ClosingCta({ content, titleId = "closing-cta-title" }: { content: ClosingContent; titleId?: string }) {
  return (
    <section aria-labelledby={titleId} className="py-16 sm:py-24">
      <Container>
        <div className="grid gap-8 rounded-2xl bg-brand-700 bg-[radial-gradient(32rem_20rem_at_100%_0%,var(--color-brand-600),transparent)] px-6 py-12 text-white sm:px-12 sm:py-14 lg:grid-cols-[1fr_auto] lg:items-end">
          <div>
            <h2 id={titleId} className="max-w-2xl text-3xl leading-tight font-semibold tracking-[-0.025em] text-balance sm:text-[2.5rem]">
              {content.closingHeadline}
            </h2>
            <p className="mt-4 max-w-xl text-brand-50 sm:text-lg">{content.closingText}</p>
          </div>
          <Link
            to="/contact"
            className="inline-flex w-fit items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {content.closingCta}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
      </Container>
    </section>
  );
}
