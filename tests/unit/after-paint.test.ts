import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "~/lib/after-paint";
import { holdScriptsUntilFirstPaint } from "~/server/after-paint.server";

// The shape of what Remix's <Scripts> writes at the end of <body>.
const remixScripts =
  '<p>Café – naïve ✓</p><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/shell.js"/><script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>' +
  '<p>a < b, <link rel="stylesheet" href="/x.css"/></p>';

const held = remixScripts
  .replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`)
  .replace('<script type="module" async="">', `<script type="${HELD_MODULE_TYPE}" async="">`);

function streamed(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(holdScriptsUntilFirstPaint()));
}

describe("holdScriptsUntilFirstPaint", () => {
  it("turns Remix's module preloads and module script into inert markers, leaving the rest as it was", async () => {
    const out = await streamed([Buffer.from(remixScripts)]);
    expect(out).toBe(held);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain("<script>window.__remixContext = {};</script>");
  });

  it("gives the same document however the stream is cut, even inside a pattern or a character", async () => {
    const bytes = Buffer.from(remixScripts);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await streamed([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(held);
    }
    const oneByteChunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await streamed(oneByteChunks)).toBe(held);
  });

  it("holds the module script <Scripts nonce> writes, keeping its nonce, however the stream is cut", async () => {
    const nonce = "bm9uY2Utb2YtdGhlLXBhZ2U=";
    const withNonce = remixScripts
      .replace("<script>window", `<script nonce="${nonce}">window`)
      .replace('<script type="module" async="">', `<script nonce="${nonce}" type="module" async="">`);
    const expected = held
      .replace("<script>window", `<script nonce="${nonce}">window`)
      .replace(`<script type="${HELD_MODULE_TYPE}" async="">`, `<script type="${HELD_MODULE_TYPE}" nonce="${nonce}" async="">`);
    const bytes = Buffer.from(withNonce);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await text(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(holdScriptsUntilFirstPaint(nonce)))).toBe(expected);
    }
  });

  it("passes a document that ends in the middle of a pattern through unchanged", async () => {
    expect(await streamed([Buffer.from('<p>x</p><link rel="modulepre')])).toBe('<p>x</p><link rel="modulepre');
  });
});

describe("BOOT_SCRIPT", () => {
  it("is valid script that looks for the same markers the server writes", () => {
    expect(() => new Function(BOOT_SCRIPT)).not.toThrow();
    expect(BOOT_SCRIPT).toContain(`link[rel="${HELD_PRELOAD_REL}"]`);
    expect(BOOT_SCRIPT).toContain(`script[type="${HELD_MODULE_TYPE}"]`);
    expect(BOOT_SCRIPT).toContain('classList.add("js")');
  });

  it("gives the live module script the held one's nonce (the Content-Security-Policy allows no inline script without it)", () => {
    expect(BOOT_SCRIPT).toContain("var nonce = held.nonce || own;");
    expect(BOOT_SCRIPT).toContain("live.nonce = nonce;");
  });
});
