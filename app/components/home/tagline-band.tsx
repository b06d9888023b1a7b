// A short list is repeated so that each half of the loop holds at least this many phrases and fills a wide screen.
const MIN_PER_HALF = 6;
const SEPARATOR = "\u2003\u2002✦\u2003\u2002";

// The phrases are in the page once, as a list; the rest of the loop is the same text drawn by CSS from
// data-repeat (app/tailwind.css), so it costs no elements and is never read out. The band moves by half its
// width per loop: whole runs of the list, so the end meets the start seamlessly.
export function TaglineBand({ taglines }: { taglines: readonly string[] }) {
  if (taglines.length === 0) return null;
  const runs = Math.max(1, Math.ceil(MIN_PER_HALF / taglines.length));
  const run = taglines.map((tagline) => tagline + SEPARATOR).join("");
  return (
    <section aria-label="What we deliver" className="overflow-hidden border-b border-slate-200 py-4 text-ink">
      <div
        data-marquee=""
        data-repeat={run.repeat(2 * runs - 1)}
        className="flex w-max text-base font-medium tracking-tight whitespace-nowrap sm:text-lg motion-safe:animate-marquee motion-safe:hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:justify-center motion-reduce:px-5 motion-reduce:text-sm motion-reduce:sm:text-base"
      >
        <ul className="flex shrink-0 motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-6 motion-reduce:gap-y-2">
          {taglines.map((tagline, index) => (
            <li key={index}>
              {tagline}
              <span aria-hidden="true" className="motion-reduce:hidden">
                {SEPARATOR}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
