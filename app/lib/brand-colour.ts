import { DEFAULT_FONT, fontById, type FontId } from "./fonts";

// The site's accent colour: five shades derived from the one an admin picks, the contrast rule they must pass, and
// the CSS that overrides app/tailwind.css's defaults (docs/decisions/0019-brand-palette-and-fonts.md).

type BrandShade = 50 | 100 | 500 | 600 | 700;
export type BrandPalette = Record<BrandShade, string>;
export type Brand = { accent: string; font: FontId };

const DEFAULT_ACCENT = "#3b50e6";
/** Today's palette, kept as-is for the default accent (derivePalette comes within 2/255 of each channel). */
export const DEFAULT_PALETTE: BrandPalette = { 50: "#eef4ff", 100: "#dbe6ff", 500: "#4f6bff", 600: "#3b50e6", 700: "#2f3fc0" };
/** The brand the site uses until one is stored. */
export const DEFAULT_BRAND: Brand = { accent: DEFAULT_ACCENT, font: DEFAULT_FONT };

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (any case, surrounding spaces allowed) as lower-case `#rrggbb`; null for anything else. */
export function normaliseHex(input: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits}`;
}

const toRgb = (hex: string): Rgb => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as unknown as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;

const toLinear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (c: number) => 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

// OKLab (Björn Ottosson's matrices): even steps of lightness look even, and a hue stays put as it lightens.
type Lab = readonly [number, number, number];
function rgbToOklab(rgb: Rgb): Lab {
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}
function oklabToLinear([L, a, b]: Lab): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** An OKLCH colour as sRGB hex; chroma is reduced until it fits in sRGB, so the hue and lightness stay. */
function oklchToHex(L: number, chroma: number, hue: number): string {
  const lightness = Math.min(1, Math.max(0, L));
  const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4);
  const at = (c: number) => oklabToLinear([lightness, c * Math.cos(hue), c * Math.sin(hue)]);
  let low = 0;
  let high = chroma;
  if (!inGamut(at(high))) {
    for (let step = 0; step < 24; step++) {
      const middle = (low + high) / 2;
      if (inGamut(at(middle))) low = middle;
      else high = middle;
    }
    high = low;
  }
  return toHex(at(high).map((c) => fromLinear(Math.min(1, Math.max(0, c)))) as unknown as Rgb);
}

/**
 * The five shades of an accent (`#rgb`/`#rrggbb`; null if it is neither), in OKLCH with the accent's hue: 600 is
 * the accent; 50 and 100 are 7% and 16% of it mixed into white; 500 is 0.078 lighter; 700 is 0.07 darker and a
 * little less saturated. The steps are today's palette measured from its 600.
 */
export function derivePalette(accent: string): BrandPalette | null {
  const hex = normaliseHex(accent);
  if (!hex) return null;
  const [L, a, b] = rgbToOklab(toRgb(hex));
  const chroma = Math.hypot(a, b);
  const hue = Math.atan2(b, a);
  const tint = (share: number) => oklchToHex(1 - share * (1 - L), share * chroma, hue);
  return {
    50: tint(0.0706),
    100: tint(0.1563),
    500: oklchToHex(L + 0.0777, chroma * 0.98, hue),
    600: hex,
    700: oklchToHex(L - 0.0697, chroma * 0.886, hue),
  };
}

/** The palette the site shows for an accent: today's exact values for the default, else the derived shades. */
export function brandPalette(accent: string): BrandPalette | null {
  const hex = normaliseHex(accent);
  if (!hex) return null;
  return hex === DEFAULT_ACCENT ? DEFAULT_PALETTE : derivePalette(hex);
}

const luminance = (hex: string) => {
  const [r, g, b] = toRgb(hex).map(toLinear) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.x contrast ratio of two `#rgb`/`#rrggbb` colours, from 1 to 21 (NaN if either is not a colour). */
export function contrastRatio(first: string, second: string): number {
  const a = normaliseHex(first);
  const b = normaliseHex(second);
  if (!a || !b) return NaN;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Colour = BrandShade | "white";
/** `readers`: what an admin would find hard to read, in plain words (no shade names). */
type ContrastPair = { text: Colour; background: Colour; minimum: number; where: string; readers: string };

// The pairs the site draws (grep brand- in app/): text needs WCAG AA's 4.5:1; icons, list markers and focus
// outlines on white need 3:1 (non-text contrast, 1.4.11). brand-500 (analytics bars, a checked option's border
// beside its brand-50 fill) and brand-100 (a decorative star, glows) carry no information alone, so are not checked.
const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { text: "white", background: 600, minimum: 4.5, where: "buttons, the active page number", readers: "White text on buttons" },
  {
    text: "white",
    background: 700,
    minimum: 4.5,
    where: "hovered buttons, the contact panels",
    readers: "White text on hovered buttons and the contact panels",
  },
  {
    text: 50,
    background: 700,
    minimum: 4.5,
    where: "the contact panels' and closing call's lighter text",
    readers: "The pale text on the contact panels",
  },
  {
    text: 50,
    background: 600,
    minimum: 4.5,
    where: "the closing call's text over its accent glow",
    readers: "The pale text of the closing call at the foot of the pages",
  },
  {
    text: 700,
    background: "white",
    minimum: 4.5,
    where: "links, eyebrows, the closing call's button",
    readers: "Links and small headings on white",
  },
  {
    text: 700,
    background: 50,
    minimum: 4.5,
    where: "the active menu item, badges, tags",
    readers: "Badges, tags and the active menu item",
  },
  { text: 700, background: 100, minimum: 4.5, where: "the upload button when hovered", readers: "The upload button's text when hovered" },
  {
    text: 600,
    background: "white",
    minimum: 3,
    where: "icons, list markers, focus outlines",
    readers: "Icons and focus outlines on white",
  },
];

const shadeName = (colour: Colour) => (colour === "white" ? "white" : `brand-${colour}`);

/** A refusal names the worst pair, for app/domain/messages.ts to word: its shades, colours, where the site draws it and its ratio (floored). */
type AccentFailure = {
  textShade: string;
  backgroundShade: string;
  text: string;
  background: string;
  where: string;
  /** What would be hard to read, in plain words. */
  readers: string;
  ratio: number;
  minimum: number;
  /** The nearest shade of the same hue that passes every pair (darker on a tie); null when none does. */
  suggestion: string | null;
};

export type AccentCheck =
  { ok: true; accent: string; palette: BrandPalette } | { ok: false; accent: string | null; failing: AccentFailure | null };

/** Whether an accent can be used: a colour whose shades keep every pair the site draws readable (the worst is named). */
export function checkAccent(input: string): AccentCheck {
  const accent = normaliseHex(input);
  const palette = accent && brandPalette(accent);
  if (!accent || !palette) return { ok: false, accent: null, failing: null };
  const colour = (name: Colour) => (name === "white" ? "#ffffff" : palette[name]);
  const failures = CONTRAST_PAIRS.map((pair) => ({ pair, ratio: contrastRatio(colour(pair.text), colour(pair.background)) }))
    .filter(({ pair, ratio }) => ratio < pair.minimum)
    .sort((x, y) => x.ratio / x.pair.minimum - y.ratio / y.pair.minimum);
  const worst = failures[0];
  if (!worst) return { ok: true, accent, palette };
  const { pair, ratio } = worst;
  return {
    ok: false,
    accent,
    failing: {
      textShade: shadeName(pair.text),
      backgroundShade: shadeName(pair.background),
      text: colour(pair.text),
      background: colour(pair.background),
      where: pair.where,
      readers: pair.readers,
      suggestion: suggestAccent(accent),
      // Never rounded up: 4.499 is not 4.5.
      ratio: Math.floor(ratio * 100) / 100,
      minimum: pair.minimum,
    },
  };
}

const SUGGESTION_STEP = 0.005;

/** Whether an accent's shades keep every pair readable. */
function passes(accent: string): boolean {
  const palette = brandPalette(accent);
  if (!palette) return false;
  const colour = (name: Colour) => (name === "white" ? "#ffffff" : palette[name]);
  return CONTRAST_PAIRS.every((pair) => contrastRatio(colour(pair.text), colour(pair.background)) >= pair.minimum);
}

/**
 * The nearest accent of the same hue and chroma (OKLCH) that passes: OKLCH lightness is stepped away from the accent's
 * by 0.005 both ways, darker first at each distance, so the answer is the same for the same accent. Null if none does.
 */
export function suggestAccent(input: string): string | null {
  const accent = normaliseHex(input);
  if (!accent) return null;
  const [L, a, b] = rgbToOklab(toRgb(accent));
  const chroma = Math.hypot(a, b);
  const hue = Math.atan2(b, a);
  for (let step = 1; step * SUGGESTION_STEP <= 1; step++) {
    for (const lightness of [L - step * SUGGESTION_STEP, L + step * SUGGESTION_STEP]) {
      if (lightness < 0 || lightness > 1) continue;
      const candidate = oklchToHex(lightness, chroma, hue);
      if (candidate !== accent && passes(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * The CSS that sets the brand: the five shades and the font stack as the variables app/tailwind.css's theme reads.
 * Only normalised hex and the fixed font stacks reach the text, so a stored value can never inject CSS; an accent
 * that is not a colour gives the default palette.
 */
export function brandCss({ accent, font }: Brand): string {
  const palette = brandPalette(accent) ?? DEFAULT_PALETTE;
  const shades = (Object.keys(palette) as `${BrandShade}`[]).map((shade) => `--color-brand-${shade}:${palette[shade]}`);
  return `:root{${shades.join(";")};--font-sans:${fontById(font).family}}`;
}
