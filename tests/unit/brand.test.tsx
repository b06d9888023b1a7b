import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import dmSans from "@capsizecss/metrics/dMSans";
import inter from "@capsizecss/metrics/inter";
import manrope from "@capsizecss/metrics/manrope";
import sourceSerif4 from "@capsizecss/metrics/sourceSerif4";
import spaceGrotesk from "@capsizecss/metrics/spaceGrotesk";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";
import { readFileSync } from "node:fs";
import { messages } from "~/domain/messages";
import { createRequire } from "node:module";
import { brotliDecompressSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  suggestAccent,
  brandCss,
  brandPalette,
  checkAccent,
  contrastRatio,
  DEFAULT_BRAND,
  DEFAULT_PALETTE,
  derivePalette,
  normaliseHex,
} from "~/lib/brand-colour";
import { BrandMark } from "~/components/site/frame";
import { FONTS, fontById } from "~/lib/fonts";
import { brandHead, fontFaceCss, WEB_FONTS } from "~/server/fonts.server";

const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));

describe("the brand colour", () => {
  it("reads #rgb and #rrggbb, nothing else", () => {
    expect(normaliseHex("#3B50E6")).toBe("#3b50e6");
    expect(normaliseHex(" #abc ")).toBe("#aabbcc");
    for (const bad of ["3b50e6", "#3b50e", "#ggg", "red", "#3b50e6;}body{", "rgb(0,0,0)", ""]) expect(normaliseHex(bad)).toBeNull();
  });

  it("gives the default accent today's five shades exactly, and derives them within 2/255 a channel", () => {
    expect(DEFAULT_BRAND).toEqual({ accent: "#3b50e6", font: "inter" });
    expect(brandPalette("#3B50E6")).toEqual({ 50: "#eef4ff", 100: "#dbe6ff", 500: "#4f6bff", 600: "#3b50e6", 700: "#2f3fc0" });
    const derived = derivePalette("#3b50e6")!;
    for (const shade of [50, 100, 500, 600, 700] as const) {
      const difference = channels(derived[shade]).map((channel, index) => Math.abs(channel - channels(DEFAULT_PALETTE[shade])[index]!));
      expect(Math.max(...difference), `brand-${shade}`).toBeLessThanOrEqual(2);
    }
  });

  it("derives tints lighter and 700 darker than the accent, in its hue", () => {
    const palette = derivePalette("#0f766e")!;
    expect(palette[600]).toBe("#0f766e");
    const lightness = (hex: string) => contrastRatio(hex, "#000000");
    expect(lightness(palette[50])).toBeGreaterThan(lightness(palette[100]));
    expect(lightness(palette[100])).toBeGreaterThan(lightness(palette[500]));
    expect(lightness(palette[500])).toBeGreaterThan(lightness(palette[600]));
    expect(lightness(palette[600])).toBeGreaterThan(lightness(palette[700]));
    const [r, g, b] = channels(palette[700]);
    expect(g).toBeGreaterThan(r!);
    expect(g).toBeGreaterThan(b!);
  });

  it("measures WCAG 2 contrast", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777", "#777")).toBe(1);
    expect(contrastRatio("#ffffff", "#3b50e6")).toBeCloseTo(6.04, 2);
    expect(contrastRatio("#3b50e6", "#ffffff")).toBeCloseTo(6.04, 2);
    expect(contrastRatio("#2f3fc0", "#eef4ff")).toBeCloseTo(7.33, 2);
    expect(contrastRatio("#eef4ff", "#3b50e6")).toBeCloseTo(5.47, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#fff", "nope")).toBeNaN();
  });

  it("accepts today's accent and dark ones", () => {
    expect(checkAccent("#3b50e6")).toEqual({ ok: true, accent: "#3b50e6", palette: DEFAULT_PALETTE });
    for (const accent of ["#0b3d2e", "#000", "#7c3aed", "#0f766e", "#2563eb"]) expect(checkAccent(accent).ok, accent).toBe(true);
  });

  it("refuses a too light accent, saying in plain words what would be hard to read, with the nearest shade that passes", () => {
    const yellow = checkAccent("#ffd400");
    expect(yellow).toMatchObject({ ok: false, failing: { background: "#ffd400", minimum: 4.5, suggestion: suggestAccent("#ffd400") } });
    expect(yellow.ok === false && yellow.failing && messages.accentLowContrast(yellow.accent!, yellow.failing)).toBe(
      `With #ffd400, the pale text of the closing call at the foot of the pages would be hard to read. Try ${suggestAccent("#ffd400")}, the nearest shade of the same colour that reads well everywhere.`,
    );
    // White on rose-600 passes (4.70:1) but the lighter text beside it does not: the ratio shown is never rounded up.
    const rose = checkAccent("#e11d48");
    expect(rose).toMatchObject({ ok: false, failing: { textShade: "brand-50", backgroundShade: "brand-600", ratio: 4.3, minimum: 4.5 } });
    expect(checkAccent("#ffffff")).toMatchObject({ ok: false, failing: { text: "#ffffff", background: "#ffffff", ratio: 1 } });
    expect(checkAccent("blue")).toEqual({ ok: false, accent: null, failing: null });
  });

  it("suggests the nearest passing shade of the same hue: darker for a light accent, the same answer every time", () => {
    for (const accent of ["#ffd400", "#e11d48", "#7dd3fc", "#22c55e"]) {
      const suggestion = suggestAccent(accent)!;
      expect(checkAccent(suggestion).ok, accent).toBe(true);
      expect(suggestAccent(accent), accent).toBe(suggestion);
      expect(contrastRatio(suggestion, "#ffffff"), accent).toBeGreaterThan(contrastRatio(accent, "#ffffff"));
    }
    // The nearest: one step (0.005 of OKLCH lightness) lighter than it would not pass.
    expect(suggestAccent("#e11d48")).toBe("#db1244");
    expect(suggestAccent("#ffd400")).toBe("#866e00");
    expect(suggestAccent("nope")).toBeNull();
  });

  it("writes the CSS variables app/tailwind.css's theme reads, and only colours and known font stacks", () => {
    const systemBrand = { ...DEFAULT_BRAND, font: "system" } as const;
    expect(brandCss(systemBrand)).toBe(
      ':root{--color-brand-50:#eef4ff;--color-brand-100:#dbe6ff;--color-brand-500:#4f6bff;--color-brand-600:#3b50e6;--color-brand-700:#2f3fc0;--font-sans:ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif}',
    );
    expect(readFileSync("app/tailwind.css", "utf8")).toContain(`--font-sans: ${fontById("system").family};`);
    const css = brandCss({ accent: "#000;}body{display:none", font: "x}</style><script>" as never });
    expect(css).toBe(brandCss(systemBrand));
    expect(brandCss({ accent: "#0b3d2e", font: "inter" })).toContain(
      '--color-brand-600:#0b3d2e;--color-brand-700:#002a1e;--font-sans:"Inter Variable", "Inter Variable Fallback", ui-sans-serif',
    );
  });
});

/** A WOFF2 file's vertical metrics (head, hhea), read the way a browser does: tables after a Brotli stream. */
function woff2Metrics(file: string) {
  const tags =
    "cmap head hhea hmtx maxp name OS/2 post cvt fpgm glyf loca prep CFF VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx".split(" ");
  const bytes = readFileSync(file);
  let at = 48;
  const uintBase128 = () => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  const tables: { tag: string; length: number }[] = [];
  for (let index = bytes.readUInt16BE(12); index > 0; index--) {
    const flags = bytes[at++]!;
    const tag = (flags & 0x3f) === 63 ? bytes.toString("latin1", at, (at += 4)) : (tags[flags & 0x3f] ?? "?");
    let length = uintBase128();
    const transformed = tag === "glyf" || tag === "loca" ? flags >> 6 === 0 : flags >> 6 !== 0;
    if (transformed) length = uintBase128();
    tables.push({ tag, length });
  }
  const data = brotliDecompressSync(bytes.subarray(at));
  const table: Record<string, Buffer> = {};
  let offset = 0;
  for (const { tag, length } of tables) table[tag] = data.subarray(offset, (offset += length));
  return {
    unitsPerEm: table.head!.readUInt16BE(18),
    ascent: table.hhea!.readInt16BE(4),
    descent: table.hhea!.readInt16BE(6),
    lineGap: table.hhea!.readInt16BE(8),
  };
}

describe("the fonts", () => {
  const require = createRequire(import.meta.url);
  const fontMetrics = { inter, manrope, "dm-sans": dmSans, "space-grotesk": spaceGrotesk, "source-serif-4": sourceSerif4 };

  it("offers the system stack first and every web font once", () => {
    expect(FONTS.map((font) => font.id)).toEqual(["system", "inter", "manrope", "dm-sans", "space-grotesk", "source-serif-4"]);
    expect(Object.keys(WEB_FONTS).sort()).toEqual(
      FONTS.slice(1)
        .map((font) => font.id)
        .sort(),
    );
    expect(fontById("comic-sans").id).toBe("system");
  });

  for (const [id, font] of Object.entries(WEB_FONTS)) {
    it(`${id}: the fallback's overrides are capsize's for the shipped file's metrics`, () => {
      const metrics = fontMetrics[id as keyof typeof fontMetrics];
      const fallbackMetrics = font.fallback.locals[0] === "Arial" ? arial : timesNewRoman;
      const file = require.resolve(`@fontsource-variable/${id}/files/${id}-latin-wght-normal.woff2`);
      expect(woff2Metrics(file)).toEqual({
        unitsPerEm: metrics.unitsPerEm,
        ascent: metrics.ascent,
        descent: metrics.descent,
        lineGap: metrics.lineGap,
      });
      const [face] = createFontStack([metrics, fallbackMetrics], { fontFaceFormat: "styleObject" }).fontFaces;
      const expected = face!["@font-face"];
      const { ascent, descent, lineGap, sizeAdjust } = font.fallback;
      expect({ ascent, descent, lineGap, sizeAdjust }).toEqual({
        ascent: expected.ascentOverride,
        descent: expected.descentOverride,
        lineGap: expected.lineGapOverride,
        sizeAdjust: expected.sizeAdjust,
      });
    });
  }

  it("gives nothing to download for the system stack", () => {
    expect(fontFaceCss("system")).toBe("");
    const systemBrand = { ...DEFAULT_BRAND, font: "system" } as const;
    expect(brandHead(systemBrand)).toEqual({ css: brandCss(systemBrand), fontUrl: null });
  });

  it("gives a web font's file, its @font-face with font-display: swap and its metric-matched fallback", () => {
    const head = brandHead({ accent: "#3b50e6", font: "inter" });
    expect(head.fontUrl).toMatch(/inter-latin-wght-normal.*\.woff2$/);
    expect(head.css).toContain(
      `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${head.fontUrl}) format("woff2");unicode-range:U+0000-00FF,`,
    );
    expect(head.css).toContain(
      '@font-face{font-family:"Inter Variable Fallback";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans");ascent-override:90.4365%;descent-override:22.518%;line-gap-override:0%;size-adjust:107.1194%}',
    );
    expect(head.css.endsWith(brandCss({ accent: "#3b50e6", font: "inter" }))).toBe(true);
  });
});

describe("the brand's mark beside the studio's name", () => {
  it("is the favicon's square drawn in the page, in the accent's shade, with the name's initial", () => {
    const html = renderToStaticMarkup(<BrandMark brand={{ name: "  harbour & co", logo: null }} />);
    // brandCss sets --color-brand-600 to the accent itself; an <img> of an SVG would cost a document of its own.
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*class="[^"]*text-brand-600/);
    expect(html).toContain('<rect width="32" height="32" rx="8" fill="currentColor"></rect>');
    expect(html).toMatch(/>H<\/text><\/svg>$/);
    expect(html).not.toContain("<img");
  });

  it("is the uploaded logo's 480-wide variant when there is one", () => {
    const html = renderToStaticMarkup(<BrandMark brand={{ name: "Harbour", logo: { url: "/uploads/abc-1600.webp" } }} />);
    expect(html).toMatch(/^<img src="\/uploads\/abc-480.webp" alt=""/);
  });
});
