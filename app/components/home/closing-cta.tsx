import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { Container } from "~/components/ui";

export type ClosingContent = { closingHeadline: string; closingText: string; closingCta: string };

export function ClosingCta({ content, titleId = "closing-cta-title" }: { content: ClosingContent; titleId?: string }) {
  return (
    <section aria-labelledby={titleId} className="py-16 sm:py-24">
      <Container>
        <div className="rounded-3xl bg-brand-700 bg-[radial-gradient(28rem_18rem_at_100%_0%,var(--color-brand-600),transparent),radial-gradient(24rem_16rem_at_0%_100%,var(--color-indigo-900),transparent)] px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {content.closingHeadline}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-50">{content.closingText}</p>
          <Link
            to="/contact"
            className="mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {content.closingCta}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
      </Container>
    </section>
  );
}
