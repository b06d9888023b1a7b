import { Section, SectionHeading } from "~/components/ui";
import { useRotation } from "~/hooks/use-rotation";
import { PROCESS_STEP_INTERVAL_MS } from "~/lib/rotation";
import { countedNoun, type HomeContent } from "~/domain/page-content";

export function ProcessSection({ steps }: { steps: HomeContent["steps"] }) {
  const { index, status, holdHandlers } = useRotation({ length: steps.length, intervalMs: PROCESS_STEP_INTERVAL_MS });
  if (steps.length === 0) return null;
  return (
    <Section labelledBy="process-title" tinted>
      <SectionHeading
        id="process-title"
        eyebrow="How we work"
        title="A clear process from idea to launch"
        intro={`${countedNoun(steps.length, "step")}, the same for every project, so you always know what happens next and when.`}
      />
      <ol
        data-rotation={status}
        {...holdHandlers}
        className={`mt-10 grid gap-4 sm:grid-cols-2 ${steps.length % 3 === 0 || steps.length > 4 ? "lg:grid-cols-3" : ""}`}
      >
        {steps.map((step, i) => {
          // A single step is never "current": there is no sequence to be at a point of.
          const active = i === index && steps.length > 1;
          return (
            <li
              key={i}
              aria-current={active ? "step" : undefined}
              className={`relative overflow-hidden rounded-2xl border bg-white p-6 transition duration-500 motion-reduce:transition-none ${
                active ? "border-brand-600 shadow-lg shadow-brand-100" : "border-slate-200 shadow-sm"
              }`}
            >
              <div className="flex items-center gap-4">
                {/* The badge's colours swap at once, never fade: a fade passes through text and background of
                    nearly the same colour (contrast 1.1 mid-way); either end is 6.0 (white on brand-600) or 7.3. */}
                <span
                  aria-hidden="true"
                  className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    active ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-700"
                  }`}
                >
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
              </div>
              <p className="mt-3 text-sm text-slate-600">{step.description}</p>
              <span
                aria-hidden="true"
                className={`absolute inset-x-0 bottom-0 h-1 origin-left bg-brand-600 transition-transform duration-500 motion-reduce:transition-none ${
                  active ? "scale-x-100" : "scale-x-0"
                }`}
              />
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
