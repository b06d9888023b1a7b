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
      <ul className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
        {teaser.map((service) => (
          <li
            key={service.slug}
            className="group relative flex flex-col border-t-2 border-slate-200 pt-6 transition-colors hover:border-brand-600 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-brand-600 motion-reduce:transition-none"
          >
            <span className="text-brand-700">
              <ServiceIcon name={service.icon} />
            </span>
            <h3 className="mt-4 text-lg leading-snug font-semibold tracking-tight">
              <Link to={`/services?service=${service.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
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
