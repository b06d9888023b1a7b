import { Link } from "@remix-run/react";
import { memo, useEffect, useRef, useState, type MouseEvent } from "react";
import { Icon } from "~/components/icons";
import { useProgressRotation } from "~/hooks/use-rotation";
import { SERVICE_ROTATION_STEPS, SERVICE_ROTATION_TICK_MS } from "~/lib/rotation";
import type { ServiceContent } from "~/domain/page-content";
import { ServiceIcon } from "./service-icon";
import { ServicePanel } from "./service-panel";

/** Roughly how tall a service's panel is: its text, a line per list item, and the line linking to its work. */
function panelWeight(service: ServiceContent, workCount: number): number {
  const lists = [service.benefits, service.technologies, service.industries];
  const text = [service.title, service.shortDescription, service.description, ...lists.flat()].join("").length;
  return text + 40 * lists.reduce((items, list) => items + list.length, 0) + (workCount > 0 ? 80 : 0);
}

// Only the selected service's panel is in the page's tree (the others would be built and hydrated unseen); the
// tallest, laid out unseen in the same grid cell, holds the height as the selection changes.
export function ServicesExplorer({
  services,
  initialIndex,
  whatsappNumber,
  workCounts = {},
}: {
  services: readonly ServiceContent[];
  initialIndex: number;
  whatsappNumber: string | undefined;
  /** Published case studies per service slug: a panel links to its work when there is some. */
  workCounts?: Readonly<Record<string, number>>;
}) {
  const { index, percent, select, userPaused, togglePaused, status, reducedMotion, holdHandlers } = useProgressRotation({
    length: services.length,
    initialIndex,
    tickMs: SERVICE_ROTATION_TICK_MS,
    steps: SERVICE_ROTATION_STEPS,
  });
  // A panel the selection brings in fades in; the one the server rendered is there from the first paint.
  const [firstIndex] = useState(index);
  const [moved, setMoved] = useState(false);
  if (index !== firstIndex && !moved) setMoved(true);
  const selected = services[index];
  const tallest = services.reduce<ServiceContent | undefined>(
    (found, service) =>
      found && panelWeight(found, workCounts[found.slug] ?? 0) >= panelWeight(service, workCounts[service.slug] ?? 0) ? found : service,
    undefined,
  );

  return (
    <div data-rotation={status} className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-10">
      <div className="min-w-0">
        <ServiceList services={services} selectedIndex={index} onChoose={select} reducedMotion={reducedMotion} />

        {/* One service has nothing to rotate to: no progress bar, no pause button. */}
        {services.length > 1 ? (
          <div className="mt-4 hidden items-center gap-3 [.js_&]:flex motion-reduce:hidden!">
            <div
              role="progressbar"
              aria-label="Time until the next service"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full w-full origin-left rounded-full bg-brand-600" style={{ transform: `scaleX(${percent / 100})` }} />
            </div>
            <button
              type="button"
              onClick={togglePaused}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon name={userPaused ? "play" : "pause"} className="h-4 w-4" />
              {userPaused ? "Resume" : "Pause"}
            </button>
          </div>
        ) : null}
      </div>

      <div {...holdHandlers} aria-live={status === "running" ? "off" : "polite"} className="grid min-w-0">
        {selected ? (
          <ServicePanel
            key={selected.slug}
            service={selected}
            fadeIn={moved}
            whatsappNumber={whatsappNumber}
            workCount={workCounts[selected.slug] ?? 0}
          />
        ) : null}
        {tallest && services.length > 1 ? (
          <ServicePanel service={tallest} sizer whatsappNumber={whatsappNumber} workCount={workCounts[tallest.slug] ?? 0} />
        ) : null}
      </div>
    </div>
  );
}

// Memoised: the progress ticks every 50 ms, the list only changes with the selection.
const ServiceList = memo(function ServiceList({
  services,
  selectedIndex,
  onChoose,
  reducedMotion,
}: {
  services: readonly ServiceContent[];
  selectedIndex: number;
  onChoose: (index: number) => void;
  reducedMotion: boolean;
}) {
  const listRef = useRef<HTMLUListElement>(null);

  // On phones the list scrolls sideways: keep the selected item in view (never scrolls the page).
  useEffect(() => {
    const list = listRef.current;
    const item = list?.children[selectedIndex] as HTMLElement | undefined;
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    const left = item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
    list.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
  }, [selectedIndex, reducedMotion]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onChoose(i);
  };

  return (
    <nav aria-label="Services">
      <ul
        ref={listRef}
        className="-mx-5 flex snap-x gap-2 overflow-x-auto px-5 pb-2 [scrollbar-width:none] sm:-mx-8 sm:px-8 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0"
      >
        {services.map((service, i) => {
          const selected = i === selectedIndex;
          return (
            <li key={service.slug} className="shrink-0 snap-center">
              <Link
                to={`/services?service=${service.slug}`}
                preventScrollReset
                aria-current={selected ? "true" : undefined}
                onClick={(event) => choose(event, i)}
                className={`flex items-center gap-3 whitespace-nowrap rounded-full border px-4 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none md:whitespace-normal md:rounded-xl md:px-4 md:py-3 md:text-base ${
                  selected
                    ? "border-brand-600 bg-brand-600 text-white shadow-md shadow-brand-100"
                    : "border-slate-200 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700"
                }`}
              >
                <ServiceIcon name={service.icon} className="h-5 w-5 shrink-0" />
                {service.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
