const taglines = [
  "Software that scales",
  "Websites that convert",
  "Apps people love",
  "Design that stands out",
  "Video that tells your story",
  "Marketing that measures up",
] as const;

function Taglines({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul
      aria-hidden={hidden || undefined}
      className={`flex shrink-0 items-center gap-8 pr-8 motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-6 motion-reduce:gap-y-2 motion-reduce:pr-0 ${
        hidden ? "motion-reduce:hidden" : ""
      }`}
    >
      {taglines.map((tagline) => (
        <li
          key={tagline}
          className="flex items-center gap-8 whitespace-nowrap text-lg font-semibold tracking-tight motion-reduce:text-base sm:text-xl motion-reduce:sm:text-lg"
        >
          {tagline}
          <span aria-hidden="true" className="text-brand-100 motion-reduce:hidden">
            ✦
          </span>
        </li>
      ))}
    </ul>
  );
}

// The second copy makes the loop seamless and is hidden from assistive technology.
export function TaglineBand() {
  return (
    <section aria-label="What we deliver" className="overflow-hidden bg-ink py-5 text-white">
      <style>{"@keyframes nb-marquee{from{transform:translateX(0)}to{transform:translateX(-50%)}}"}</style>
      <div
        data-marquee=""
        className="flex w-max motion-safe:animate-[nb-marquee_40s_linear_infinite] motion-safe:hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:justify-center motion-reduce:px-5"
      >
        <Taglines />
        <Taglines hidden />
      </div>
    </section>
  );
}
