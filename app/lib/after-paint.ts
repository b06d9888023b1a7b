// Hydration after the first paint.
//
// Remix's <Scripts> emits `<link rel="modulepreload">` for every module of the page and an inline
// `<script type="module">` that imports them and starts hydration. On a fast connection the browser can
// fetch and run all of it before it paints anything, so the first paint waits for the JavaScript, which
// the page does not need: everything is rendered on the server and works without it.
//
// In production the server renames both (`holdScriptsUntilFirstPaint` in entry.server's stream): the
// links and the module script become inert markers. BOOT_SCRIPT, inlined at the top of <head>, waits for
// the document to be parsed and its first contentful paint to be on screen, then turns the markers back
// into live module preloads and a live module script. The browser paints the server-rendered page first,
// and hydration follows.
//
// React hydrates the same elements: in production it does not compare attributes, and the live copy of
// the module script removes itself before Remix's entry module (which it imports) can start hydrating.
//
// Under the Content-Security-Policy (~/server/csp.server) the live module script is inline, which
// 'strict-dynamic' does not cover: it gets the held script's nonce (the boot script's own as a fallback).
// The modules it imports, and everything they load, are then trusted through 'strict-dynamic'.

export const HELD_PRELOAD_REL = "x-after-paint-modulepreload";
export const HELD_MODULE_TYPE = "x-after-paint-module";

/**
 * What the server's stream rewrites: Remix's markup on the left, the inert marker on the right. With a
 * Content-Security-Policy nonce, <Scripts nonce> writes it first (`<script nonce="…" type="module"`).
 */
export function heldScriptRewrites(nonce?: string): ReadonlyArray<readonly [from: string, to: string]> {
  const module: readonly [string, string] = nonce
    ? [`<script nonce="${nonce}" type="module" async="">`, `<script type="${HELD_MODULE_TYPE}" nonce="${nonce}" async="">`]
    : ['<script type="module" async="">', `<script type="${HELD_MODULE_TYPE}" async="">`];
  return [['<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`], module];
}

/** If no first contentful paint is reported by then (after the document is parsed), hydrate anyway. */
export const BOOT_FALLBACK_MS = 3_000;

// ES5 on purpose: it runs before any bundle, in every browser that gets the page.
export const BOOT_SCRIPT = `(function (d) {
  d.documentElement.classList.add("js");
  var own = d.currentScript && d.currentScript.nonce;
  var started = false;
  function boot() {
    if (started) return;
    started = true;
    var links = d.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]');
    for (var i = 0; i < links.length; i++) links[i].rel = "modulepreload";
    var held = d.querySelector('script[type="${HELD_MODULE_TYPE}"]');
    if (!held) return;
    var live = d.createElement("script");
    live.type = "module";
    live.id = "after-paint-boot";
    var nonce = held.nonce || own;
    if (nonce) live.nonce = nonce;
    live.textContent = held.textContent + ';document.getElementById("after-paint-boot").remove();';
    d.body.appendChild(live);
  }
  function whenPainted() {
    var P = window.PerformanceObserver;
    if (d.visibilityState === "hidden") return boot();
    setTimeout(boot, ${BOOT_FALLBACK_MS});
    if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf("paint") >= 0) {
      new P(function (list, observer) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        boot();
      }).observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(boot); }); });
    }
  }
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", whenPainted);
  else whenPainted();
})(document);`;
