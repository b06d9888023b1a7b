import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { GalleryImage } from "~/domain/types";
import { responsiveImage } from "~/lib/images";

// A case study's gallery (docs/behaviour.md#the-story-in-full): a grid of lazily loaded images (thumbnails three to a
// row on a phone, where 12 full-width images took 2,900 px), each a link to its
// largest variant, which works without JavaScript; with it, the link opens a modal <dialog> (focus kept inside it,
// Escape closes it, arrow keys or the buttons go to the neighbours).

const THUMB_SIZES =
  "(min-width: 1152px) 341px, (min-width: 1024px) calc((100vw - 128px) / 3), (min-width: 640px) calc((100vw - 80px) / 2), calc((100vw - 56px) / 3)";

export function Gallery({ images, headingId = "gallery" }: { images: GalleryImage[]; headingId?: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const step = (by: number) => setShown((index) => (index === null ? null : (index + by + images.length) % images.length));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (shown !== null && !element.open) element.showModal();
    if (shown === null && element.open) element.close();
  }, [shown]);

  const open = shown !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") step(1);
      else if (event.key === "ArrowLeft") step(-1);
    };
    // A click on the backdrop lands on the dialog itself, outside its content: it closes it.
    const onClick = (event: globalThis.MouseEvent) => event.target === element && setShown(null);
    element.addEventListener("keydown", onKey);
    element.addEventListener("click", onClick);
    return () => {
      element.removeEventListener("keydown", onKey);
      element.removeEventListener("click", onClick);
    };
  });

  if (images.length === 0) return null;

  function show(index: number, event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (a modifier key, the middle button) is the visitor's choice: the link does it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setShown(index);
  }

  const current = shown === null ? null : images[shown];

  return (
    <section aria-labelledby={headingId} className="mt-16">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        Gallery
      </h2>
      <ul className="mt-6 grid grid-cols-3 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
        {images.map((image, index) => (
          <li key={`${image.url}-${index}`}>
            <figure>
              <a
                href={image.url}
                onClick={(event) => show(index, event)}
                className="group block overflow-hidden rounded-lg bg-slate-100 sm:rounded-xl ring-1 ring-slate-900/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <img
                  {...responsiveImage(image.url, THUMB_SIZES)}
                  alt={image.alt}
                  width={1600}
                  height={1000}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
                />
                <span className="sr-only"> (larger image)</span>
              </a>
              {/* Under a thumbnail a third of a phone wide a caption would not fit: there the viewer shows it. */}
              {image.caption ? (
                <figcaption className="sr-only text-sm text-slate-600 sm:not-sr-only sm:mt-2 sm:block">{image.caption}</figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label={current ? `Image ${shown! + 1} of ${images.length}: ${current.alt}` : "Gallery image"}
        onClose={() => {
          setShown(null);
          opener.current?.focus();
        }}
        className="m-auto max-h-[100dvh] w-full max-w-5xl bg-transparent p-2 backdrop:bg-slate-950/85 sm:p-4"
      >
        {current ? (
          <div className="rounded-2xl bg-white p-3 sm:p-4">
            <figure>
              <img
                {...responsiveImage(current.url, "(min-width: 1024px) 992px, 100vw")}
                alt={current.alt}
                className="max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain"
              />
              <figcaption className="mt-3 text-sm text-slate-700">
                <span className="font-medium text-ink">{`${shown! + 1} / ${images.length}`}</span>
                {current.caption ? ` · ${current.caption}` : null}
              </figcaption>
            </figure>
            <div className="mt-3 flex flex-wrap justify-between gap-2">
              <div className="flex gap-2">
                <button type="button" onClick={() => step(-1)} className={dialogButton}>
                  Previous
                </button>
                <button type="button" onClick={() => step(1)} className={dialogButton}>
                  Next
                </button>
              </div>
              <button type="button" onClick={() => setShown(null)} className={dialogButton}>
                Close
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}

const dialogButton =
  "inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
