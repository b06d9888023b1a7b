import { WorkCard, type WorkCardStudy } from "./work-card";

/** A third of the 72rem container on wide screens, half on tablets, the whole width on phones. */
const CARD_IMAGE_SIZES = "(min-width: 1152px) 344px, (min-width: 640px) calc(50vw - 44px), calc(100vw - 40px)";

/** Compact cards of other work that shares a service or the industry; nothing at all when there is none. */
export function RelatedWork({ studies }: { studies: readonly WorkCardStudy[] }) {
  if (studies.length === 0) return null;
  return (
    <section aria-labelledby="related-work" className="mt-16">
      <h2 id="related-work" className="text-2xl font-bold tracking-tight">
        Related work
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <WorkCard key={study.id} study={study} sizes={CARD_IMAGE_SIZES} />
        ))}
      </ul>
    </section>
  );
}
