import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { ServiceIcon } from "~/components/services/service-icon";
import { Section, SectionHeading } from "~/components/ui";
import type { TeaserService } from "~/domain/page-content";

export function ServicesTeaser({ services: teaser }: { services: readonly TeaserService[] }) {
  if (teaser.length === 0) return null;
  return (
    <Section labelledBy="services-teaser-title">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading
          id="services-teaser-title"
          eyebrow="What we do"
          title="Services built around your goals"
          intro="One team for the whole journey, from the first line of code to the campaign that brings customers in."
        />
        <Link
          to="/services"
          prefetch="intent"
          className="inline-flex shrink-0 items-center gap-1.5 font-medium text-brand-700 hover:underline"
        >
          View all services
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </div>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {teaser.map((service) => (
          <li
            key={service.slug}
            className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <ServiceIcon name={service.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold">
              <Link
                to={`/services?service=${service.slug}`}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
              >
                {service.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-slate-600">{service.shortDescription}</p>
            <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-medium text-brand-700">
              Learn more
              <Icon name="arrowRight" className="h-4 w-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
