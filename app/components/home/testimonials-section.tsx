import { useState } from "react";
import { Icon } from "~/components/icons";
import { Section, SectionHeading } from "~/components/ui";
import { useRotation } from "~/hooks/use-rotation";
import { storedImage } from "~/lib/images";
import { TESTIMONIAL_INTERVAL_MS } from "~/lib/rotation";
import type { HomeContent } from "~/domain/page-content";

type Testimonial = HomeContent["testimonials"][number];

function Rating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5 stars`} className="flex gap-1 text-amber-500">
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" className="h-5 w-5" fill={i < rating ? "currentColor" : "none"} />
      ))}
    </div>
  );
}

/** The longest quote, laid out unseen under the featured one, holds the card's height as the quotes change. */
function longestQuote(testimonials: readonly Testimonial[]): string {
  return testimonials.reduce((longest, { quote }) => (quote.length > longest.length ? quote : longest), "");
}

// Only the featured testimonial is in the page's tree; the others are in <noscript>, so without JavaScript all
// of them show, and with it the browser neither builds nor hydrates the ones out of view.
export function TestimonialsSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { index, select, status, holdHandlers } = useRotation({ length: testimonials.length, intervalMs: TESTIMONIAL_INTERVAL_MS });
  // A card the rotation brings in fades in; the one the server rendered is there from the first paint.
  const [firstIndex] = useState(index);
  const [moved, setMoved] = useState(false);
  if (index !== firstIndex && !moved) setMoved(true);
  const featured = testimonials[index];
  if (!featured) return null;
  return (
    <Section labelledBy="testimonials-title">
      <SectionHeading
        id="testimonials-title"
        eyebrow="Testimonials"
        title="What our clients say"
        intro="Teams in logistics, finance, healthcare and retail trust us with the products their customers use every day."
      />
      <div data-rotation={status} {...holdHandlers} className="mt-10">
        <div aria-live={status === "running" ? "off" : "polite"}>
          <TestimonialCard
            key={index}
            testimonial={featured}
            featured
            fadeIn={moved}
            sizer={testimonials.length > 1 ? longestQuote(testimonials) : null}
          />
        </div>
        {testimonials.length > 1 ? (
          <noscript>
            <div className="mt-6 grid gap-6">
              {testimonials.map((testimonial, i) => (i === index ? null : <TestimonialCard key={i} testimonial={testimonial} />))}
            </div>
          </noscript>
        ) : null}
        {testimonials.length > 1 ? (
          <div
            role="group"
            aria-label="Choose a testimonial"
            className="mt-6 hidden flex-wrap items-center justify-center gap-3 [.js_&]:flex"
          >
            {testimonials.map((testimonial, i) => (
              <button
                key={i}
                type="button"
                onClick={() => select(i)}
                aria-pressed={i === index}
                aria-label={`Show testimonial from ${testimonial.name}`}
                className="rounded-full p-1 ring-2 ring-transparent transition hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:ring-brand-600 motion-reduce:transition-none"
              >
                <Avatar testimonial={testimonial} size={40} decorative />
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </Section>
  );
}

/** With `sizer`, that quote shares the quote's grid cell unseen (with JavaScript only: without, every card shows). */
function TestimonialCard({
  testimonial,
  featured = false,
  fadeIn = false,
  sizer = null,
}: {
  testimonial: Testimonial;
  featured?: boolean;
  fadeIn?: boolean;
  sizer?: string | null;
}) {
  return (
    <figure
      data-featured={featured || undefined}
      className={`flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 ${fadeIn ? "motion-safe:animate-fade-in" : ""}`}
    >
      <Rating rating={testimonial.rating} />
      <div className="mt-5 grid flex-1 text-lg leading-relaxed text-ink sm:text-2xl sm:leading-relaxed">
        <blockquote className="[grid-area:1/1]">
          <p>“{testimonial.quote}”</p>
        </blockquote>
        {sizer === null ? null : (
          <p aria-hidden="true" className="invisible hidden [grid-area:1/1] [.js_&]:block">
            “{sizer}”
          </p>
        )}
      </div>
      <figcaption className="mt-6 flex items-center gap-4">
        <Avatar testimonial={testimonial} size={56} />
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          {testimonial.role || testimonial.company ? (
            <span className="block text-sm text-slate-600">{[testimonial.role, testimonial.company].filter(Boolean).join(", ")}</span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** The avatar, or the name's initials without one; the name is beside it, so it is decorative unless its alt text says more. */
function Avatar({ testimonial, size, decorative = false }: { testimonial: Testimonial; size: 40 | 56; decorative?: boolean }) {
  const box = size === 40 ? "h-10 w-10" : "h-14 w-14";
  if (!testimonial.avatar) {
    const initials = testimonial.name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? "")
      .join("");
    return (
      <span
        aria-hidden="true"
        className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700`}
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      {...storedImage(testimonial.avatar.url, `${size}px`)}
      alt={decorative ? "" : testimonial.avatar.alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`${box} shrink-0 rounded-full object-cover`}
    />
  );
}
