// The typefaces an admin can choose for the site's text: the system stack (no download) or one self-hosted variable
// font (app/server/fonts.server.ts serves it). All are under the SIL Open Font License 1.1 (docs/decisions/0019).

export type FontId = "system" | "inter" | "manrope" | "dm-sans" | "source-serif-4" | "space-grotesk";

export type FontChoice = {
  id: FontId;
  label: string;
  /** The CSS font-family stack: the web font, its metric-matched fallback (see fonts.server.ts), then the system's. */
  family: string;
};

const systemSans = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const systemSerif = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';

const webFont = (name: string, system: string) => `"${name}", "${name} Fallback", ${system}`;

export const FONTS: readonly FontChoice[] = [
  { id: "system", label: "System (no download)", family: systemSans },
  { id: "inter", label: "Inter", family: webFont("Inter Variable", systemSans) },
  { id: "manrope", label: "Manrope", family: webFont("Manrope Variable", systemSans) },
  { id: "dm-sans", label: "DM Sans", family: webFont("DM Sans Variable", systemSans) },
  { id: "space-grotesk", label: "Space Grotesk", family: webFont("Space Grotesk Variable", systemSans) },
  { id: "source-serif-4", label: "Source Serif 4 (serif)", family: webFont("Source Serif 4 Variable", systemSerif) },
];

/** The brand's CSS and font file, from app/server/fonts.server.ts's brandHead: plain data, the same in the browser. */
export type BrandHead = { css: string; fontUrl: string | null };

// A web font by default: the system stack is DejaVu Sans on many Linux desktops, which reads as no one's choice.
export const DEFAULT_FONT: FontId = "inter";

const system = FONTS[0]!;

/** The choice with that id; the system stack for anything else (a stored value from an older list, say). */
export const fontById = (id: string): FontChoice => FONTS.find((font) => font.id === id) ?? system;
