import { Link } from "@remix-run/react";
import { memo } from "react";
import { Icon } from "~/components/icons";
import { buttonClass } from "~/components/ui";
import { portfolioHref } from "~/domain/shared";
import type { ServiceContent } from "~/domain/page-content";
import { ContactTopicLink } from "../site/contact-topic";
import { ServiceIcon } from "./service-icon";

function Chips({ items, tone }: { items: readonly string[]; tone: "neutral" | "brand" }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {items.map((item, index) => (
        <li
          key={index}
          className={`rounded-full px-3 py-1 text-sm ${tone === "brand" ? "bg-brand-50 text-brand-700" : "border border-slate-200 bg-slate-50 text-slate-700"}`}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

const subheading = "text-sm font-semibold uppercase tracking-wider text-ink";

// The selected panel and the sizer share one grid cell: the taller sets the height, so a new selection never moves
// the page. The sizer is laid out with JavaScript only (without it each service is its own page) and never seen.
export const ServicePanel = memo(function ServicePanel({
  service,
  fadeIn = false,
  sizer = false,
  whatsappNumber,
  workCount = 0,
}: {
  service: ServiceContent;
  fadeIn?: boolean;
  sizer?: boolean;
  whatsappNumber: string | undefined;
  workCount?: number;
}) {
  const titleId = sizer ? undefined : `service-${service.slug}-title`;
  const Box = sizer ? "div" : "section";
  return (
    <Box
      id={sizer ? undefined : `service-${service.slug}`}
      aria-labelledby={titleId}
      aria-hidden={sizer || undefined}
      data-selected={sizer ? undefined : true}
      className={`flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm [grid-area:1/1] sm:p-8 ${
        sizer
          ? "invisible hidden [.js_&]:flex"
          : `flex ${fadeIn ? "motion-safe:animate-fade-in motion-safe:[animation-duration:300ms]" : ""}`
      }`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-md shadow-brand-100">
          <ServiceIcon name={service.icon} />
        </span>
        <div>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {service.title}
          </h2>
          <p className="mt-1 text-slate-600">{service.shortDescription}</p>
        </div>
      </div>
      <p className="mt-6 leading-relaxed text-slate-700">{service.description}</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        {service.benefits.length ? (
          <div>
            <h3 className={subheading}>Key benefits</h3>
            <ul className="mt-3 space-y-3">
              {service.benefits.map((benefit, index) => (
                <li key={index} className="flex gap-3 text-slate-700">
                  <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon name="check" className="h-3.5 w-3.5" strokeWidth={2.5} />
                  </span>
                  {benefit}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="space-y-6">
          {service.technologies.length ? (
            <div>
              <h3 className={subheading}>Technologies</h3>
              <Chips items={service.technologies} tone="neutral" />
            </div>
          ) : null}
          {service.industries.length ? (
            <div>
              <h3 className={subheading}>Industry focus</h3>
              <Chips items={service.industries} tone="brand" />
            </div>
          ) : null}
        </div>
      </div>

      {workCount > 0 ? (
        <p className="mt-8">
          <Link
            to={portfolioHref({ service: service.slug })}
            className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            See our {service.title} work ({workCount} {workCount === 1 ? "case study" : "case studies"})
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </p>
      ) : null}

      <div className="mt-auto pt-8">
        <div className="flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Tell us about your project on WhatsApp. We usually reply the same day.</p>
          <div className="flex shrink-0 flex-wrap gap-3">
            <ContactTopicLink topic={{ service: { slug: service.slug, title: service.title } }} className={buttonClass.secondary}>
              Write to us about it
              <span className="sr-only"> ({service.title})</span>
            </ContactTopicLink>
            {whatsappNumber ? (
              <a
                href={`/go/whatsapp?service=${encodeURIComponent(service.slug)}&from=/services`}
                target="_blank"
                rel="noopener noreferrer"
                className={`${buttonClass.primary} shrink-0`}
              >
                Get Started
                <span className="sr-only"> with {service.title} (opens WhatsApp in a new tab)</span>
                <Icon name="external" className="h-4 w-4" />
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </Box>
  );
});
