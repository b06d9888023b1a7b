import type { CaseStudyChoices } from "~/domain/shared";

// The editor's services and Featured toggle (docs/behaviour.md#services-and-industries). Each group sends an empty or
// "false" field first, so that nothing checked still reaches the action as "none" / "not featured" rather than "unchanged".

/** A form's value as conform gives it back: one string, several, or the default's own type. */
export function submittedValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value === "string") return [value];
  if (typeof value === "boolean") return [value ? "true" : "false"];
  return [];
}

export function isFeaturedValue(value: unknown): boolean {
  const last = submittedValues(value).at(-1);
  return last === "true" || last === "on";
}

export function PortfolioFields({
  formId,
  services,
  chosen,
  featured,
  servicesErrors,
  featuredErrors,
}: {
  formId: string;
  services: CaseStudyChoices["services"];
  chosen: readonly string[];
  featured: boolean;
  servicesErrors?: string[] | null;
  featuredErrors?: string[] | null;
}) {
  const servicesError = servicesErrors?.length ? servicesErrors.join(", ") : null;
  const featuredError = featuredErrors?.length ? featuredErrors.join(", ") : null;
  return (
    <section aria-labelledby="portfolio-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id="portfolio-heading" className="text-base font-semibold">
        Services and featuring
      </h3>
      <fieldset className="mt-4" aria-describedby={["services-hint", servicesError ? "services-error" : null].filter(Boolean).join(" ")}>
        <legend className="text-sm font-medium text-ink">Services</legend>
        <p id="services-hint" className="mt-1 text-xs text-slate-600">
          The services this project involved: visitors can filter the case studies by them.
        </p>
        <input type="hidden" name="services" value="" form={formId} />
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  name="services"
                  value={service.slug}
                  form={formId}
                  defaultChecked={chosen.includes(service.slug)}
                  aria-invalid={servicesError ? true : undefined}
                  className="h-4 w-4 accent-brand-600"
                />
                {service.title}
              </label>
            </li>
          ))}
        </ul>
        {servicesError ? (
          <p id="services-error" className="mt-2 text-sm text-red-700">
            {servicesError}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-5">
        <input type="hidden" name="featured" value="false" form={formId} />
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            id="featured"
            name="featured"
            value="true"
            form={formId}
            defaultChecked={featured}
            aria-describedby={["featured-hint", featuredError ? "featured-error" : null].filter(Boolean).join(" ")}
            aria-invalid={featuredError ? true : undefined}
            className="h-4 w-4 accent-brand-600"
          />
          <span className="text-sm font-medium text-ink">Featured</span>
        </label>
        <p id="featured-hint" className="mt-1 pl-7 text-xs text-slate-600">
          Shown first in the home page&apos;s latest work, in the order set under Featured order.
        </p>
        {featuredError ? (
          <p id="featured-error" className="mt-2 text-sm text-red-700">
            {featuredError}
          </p>
        ) : null}
      </div>
    </section>
  );
}
