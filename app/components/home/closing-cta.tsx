import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { Container } from "~/components/ui";

/** A last call to action before the footer. */
export function ClosingCta({ titleId = "closing-cta-title" }: { titleId?: string }) {
  return (
    <section aria-labelledby={titleId} className="py-16 sm:py-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div aria-hidden="true" className="absolute -right-16 -top-16 -z-10 h-64 w-64 rounded-full bg-brand-500/40 blur-3xl" />
          <div aria-hidden="true" className="absolute -bottom-20 -left-10 -z-10 h-64 w-64 rounded-full bg-brand-600 blur-3xl" />
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Have a project in mind?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-50">
            Tell us where you want to go. We will come back within one business day with ideas, a rough plan and next steps.
          </p>
          <Link
            to="/contact"
            className="mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Let's talk
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
      </Container>
    </section>
  );
}
