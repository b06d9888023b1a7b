import { Icon } from "~/components/icons";
import { Section, SectionHeading } from "~/components/ui";
import { testimonials, type Testimonial } from "~/content/testimonials";
import { useRotation } from "~/hooks/use-rotation";
import { TESTIMONIAL_INTERVAL_MS } from "~/lib/rotation";

function Rating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5 stars`} className="flex gap-1 text-amber-500">
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" className="h-5 w-5" fill={i < rating ? "currentColor" : "none"} />
      ))}
    </div>
  );
}

// With JavaScript the testimonials share one grid cell, so the height never changes as they rotate.
export function TestimonialsSection() {
  const { index, select, status, holdHandlers } = useRotation({ length: testimonials.length, intervalMs: TESTIMONIAL_INTERVAL_MS });
  return (
    <Section labelledBy="testimonials-title">
      <SectionHeading
        id="testimonials-title"
        eyebrow="Testimonials"
        title="What our clients say"
        intro="Teams in logistics, finance, healthcare and retail trust us with the products their customers use every day."
      />
      <div data-rotation={status} {...holdHandlers} className="mt-10">
        <div aria-live={status === "running" ? "off" : "polite"} className="grid gap-6">
          {testimonials.map((testimonial, i) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} featured={i === index} />
          ))}
        </div>
        <div
          role="group"
          aria-label="Choose a testimonial"
          className="mt-6 hidden flex-wrap items-center justify-center gap-3 [.js_&]:flex"
        >
          {testimonials.map((testimonial, i) => (
            <button
              key={testimonial.name}
              type="button"
              onClick={() => select(i)}
              aria-pressed={i === index}
              aria-label={`Show testimonial from ${testimonial.name}`}
              className="rounded-full p-1 ring-2 ring-transparent transition hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:ring-brand-600 motion-reduce:transition-none"
            >
              <img
                src={testimonial.avatar}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                decoding="async"
                className="h-10 w-10 rounded-full"
              />
            </button>
          ))}
        </div>
      </div>
    </Section>
  );
}

function TestimonialCard({ testimonial, featured }: { testimonial: Testimonial; featured: boolean }) {
  return (
    <figure
      data-featured={featured || undefined}
      className={`flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm transition-[opacity,visibility] duration-500 motion-reduce:transition-none sm:p-10 [.js_&]:[grid-area:1/1] ${
        featured ? "" : "[.js_&]:invisible [.js_&]:opacity-0"
      }`}
    >
      <Rating rating={testimonial.rating} />
      <blockquote className="mt-5 flex-1 text-lg leading-relaxed text-ink sm:text-2xl sm:leading-relaxed">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        <img src={testimonial.avatar} alt="" width={56} height={56} loading="lazy" decoding="async" className="h-14 w-14 rounded-full" />
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-slate-600">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
