import dmSans from "@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url";
import inter from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import manrope from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import sourceSerif4 from "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url";
import spaceGrotesk from "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url";
import { brandCss, type Brand } from "~/lib/brand-colour";
import { fontById, type BrandHead, type FontId } from "~/lib/fonts";

// Each font is one file, its Latin subset with every weight (a variable font), that Vite copies to /assets under a
// hashed name: remix-serve sends it with a year's immutable caching. Characters outside Latin fall back, like today.

type WebFont = {
  url: string;
  /** The weights the file's wght axis covers. */
  weights: string;
  /**
   * The overrides that make a local system font take the web font's room (ascent, descent, line gap, width), so
   * text does not move when the web font replaces it. Computed by @capsizecss/core's createFontStack from the
   * metrics in @capsizecss/metrics, which match the shipped files (tests/unit/fonts.test.ts checks both).
   */
  fallback: { locals: readonly string[]; ascent: string; descent: string; lineGap: string; sizeAdjust: string };
};

// Liberation Sans and Serif have Arial's and Times New Roman's metrics: the same overrides fit them (Linux).
const arial = ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"];
const timesNewRoman = ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif"];

export const WEB_FONTS: Record<Exclude<FontId, "system">, WebFont> = {
  inter: {
    url: inter,
    weights: "100 900",
    fallback: { locals: arial, ascent: "90.4365%", descent: "22.518%", lineGap: "0%", sizeAdjust: "107.1194%" },
  },
  manrope: {
    url: manrope,
    weights: "200 800",
    fallback: { locals: arial, ascent: "103.3095%", descent: "29.074%", lineGap: "0%", sizeAdjust: "103.1851%" },
  },
  "dm-sans": {
    url: dmSans,
    weights: "100 1000",
    fallback: { locals: arial, ascent: "94.9001%", descent: "29.6563%", lineGap: "0%", sizeAdjust: "104.531%" },
  },
  "space-grotesk": {
    url: spaceGrotesk,
    weights: "300 700",
    fallback: { locals: arial, ascent: "89.7072%", descent: "26.6204%", lineGap: "0%", sizeAdjust: "109.6903%" },
  },
  "source-serif-4": {
    url: sourceSerif4,
    weights: "200 900",
    fallback: { locals: timesNewRoman, ascent: "87.8653%", descent: "28.4121%", lineGap: "0%", sizeAdjust: "117.9077%" },
  },
};

// Fontsource's "latin" subset: what the file holds.
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** The address of the font's file under /assets; null for the system stack (nothing to download). */
function fontUrl(id: FontId): string | null {
  return id === "system" ? null : (WEB_FONTS[id]?.url ?? null);
}

/** The @font-face rules of a font (the file with font-display: swap, and its metric-matched fallback); "" for the system stack. */
export function fontFaceCss(id: FontId): string {
  const font = id === "system" ? undefined : WEB_FONTS[id];
  if (!font) return "";
  // The family names are the first two of the font's stack in app/lib/fonts.ts.
  const [name, fallbackName] = fontById(id).family.split(", ", 2) as [string, string];
  const { locals, ascent, descent, lineGap, sizeAdjust } = font.fallback;
  return (
    `@font-face{font-family:${name};font-style:normal;font-display:swap;font-weight:${font.weights};` +
    `src:url(${font.url}) format("woff2");unicode-range:${LATIN}}` +
    `@font-face{font-family:${fallbackName};src:${locals.map((local) => `local("${local}")`).join(",")};` +
    `ascent-override:${ascent};descent-override:${descent};line-gap-override:${lineGap};size-adjust:${sizeAdjust}}`
  );
}

/** What <BrandStyles> puts in <head>: the inline CSS (fonts and colours) and the one font file to preload. */
export function brandHead(brand: Brand): BrandHead {
  const font = fontById(brand.font).id;
  return { css: fontFaceCss(font) + brandCss(brand), fontUrl: fontUrl(font) };
}
