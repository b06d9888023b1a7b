// Each half of the band holds the phrases at least MIN_PER_HALF times over, so a short list still fills a wide
// screen; only the first run is read out or shown with reduced motion.
const MIN_PER_HALF = 6;

function Taglines({ taglines, hidden = false }: { taglines: readonly string[]; hidden?: boolean }) {
  const runs = Math.max(1, Math.ceil(MIN_PER_HALF / Math.max(1, taglines.length)));
  return (
    <ul
      aria-hidden={hidden || undefined}
      className={`flex shrink-0 items-center gap-8 pr-8 motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-6 motion-reduce:gap-y-2 motion-reduce:pr-0 ${
        hidden ? "motion-reduce:hidden" : ""
      }`}
    >
      {Array.from({ length: runs }, (_, run) =>
        taglines.map((tagline, index) => (
          <li
            key={`${run}-${index}`}
            aria-hidden={(!hidden && run > 0) || undefined}
            className={`flex items-center gap-8 whitespace-nowrap text-lg font-semibold tracking-tight motion-reduce:text-base sm:text-xl motion-reduce:sm:text-lg ${
              run > 0 ? "motion-reduce:hidden" : ""
            }`}
          >
            {tagline}
            <span aria-hidden="true" className="text-brand-100 motion-reduce:hidden">
              ✦
            </span>
          </li>
        )),
      )}
    </ul>
  );
}

// The second copy makes the loop seamless and is hidden from assistive technology.
export function TaglineBand({ taglines }: { taglines: readonly string[] }) {
  if (taglines.length === 0) return null;
  return (
    <section aria-label="What we deliver" className="overflow-hidden bg-ink py-5 text-white">
      <style>{"@keyframes nb-marquee{from{transform:translateX(0)}to{transform:translateX(-50%)}}"}</style>
      <div
        data-marquee=""
        className="flex w-max motion-safe:animate-[nb-marquee_40s_linear_infinite] motion-safe:hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:justify-center motion-reduce:px-5"
      >
        <Taglines taglines={taglines} />
        <Taglines taglines={taglines} hidden />
      </div>
    </section>
  );
}
