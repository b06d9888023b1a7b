import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { Section, SectionHeading } from "~/components/ui";
import { WorkCard, type WorkCardStudy } from "~/components/case-studies/work-card";

export function LatestWork({ studies }: { studies: readonly WorkCardStudy[] }) {
  if (studies.length === 0) return null;
  return (
    <Section labelledBy="latest-work-title" tinted>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading id="latest-work-title" eyebrow="Case studies" title="Latest work" />
        <Link
          to="/case-studies"
          prefetch="intent"
          className="inline-flex shrink-0 items-center gap-1.5 font-medium text-brand-700 hover:underline"
        >
          See all case studies
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <WorkCard key={study.id} study={study} />
        ))}
      </ul>
    </Section>
  );
}
