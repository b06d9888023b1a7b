import sharp from "sharp";
import { initialOf, MARK_DRAWING } from "~/lib/brand-mark";
import { uploadId, variantName } from "~/lib/images";
import { imageStore } from "./uploads.server";

// The favicon and the default social image, drawn from the published brand (docs/behaviour.md#frame): the accent and
// the studio's initial, or its uploaded logo on the social image. Only a normalised hex colour and escaped text reach
// the SVG, so a stored value cannot inject markup.

type BrandLook = { name: string; accent: string; logo: { url: string } | null };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hex = (accent: string) => (/^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : "#3b50e6");

// The accent passes white text at 4.5:1 (checkAccent), so the initial is readable on it.
export function faviconSvg(brand: BrandLook): string {
  const { box, radius, initial } = MARK_DRAWING;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}"><rect width="${box}" height="${box}" rx="${radius}" fill="${hex(brand.accent)}"/>` +
    `<text x="${initial.x}" y="${initial.y}" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
    `font-size="${initial.size}" font-weight="${initial.weight}" fill="#fff">${escapeXml(initialOf(brand.name))}</text></svg>`
  );
}

const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
const MARK = { x: 96, y: 96, size: 128 };

function socialSvg(brand: BrandLook, withLogo: boolean): string {
  const accent = hex(brand.accent);
  const name = brand.name.trim();
  // Roughly 0.6 em a character: long names get smaller rather than leave the image.
  const size = Math.round(Math.min(96, 1000 / Math.max(1, 0.6 * [...name].length)));
  const mark = withLogo
    ? `<rect x="${MARK.x}" y="${MARK.y}" width="${MARK.size}" height="${MARK.size}" rx="28" fill="#fff"/>`
    : `<rect x="${MARK.x}" y="${MARK.y}" width="${MARK.size}" height="${MARK.size}" rx="28" fill="${accent}"/>` +
      `<text x="${MARK.x + MARK.size / 2}" y="${MARK.y + 90}" text-anchor="middle" font-family="sans-serif" font-size="76" font-weight="700" fill="#fff">${escapeXml(initialOf(name))}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}">` +
    `<defs><radialGradient id="g" cx="0.8" cy="0.2" r="0.8"><stop offset="0" stop-color="${accent}" stop-opacity="0.85"/>` +
    `<stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="#0f172a"/><rect width="100%" height="100%" fill="url(#g)"/>${mark}` +
    `<text x="96" y="420" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(name)}</text>` +
    `<rect x="96" y="470" width="160" height="10" rx="5" fill="${accent}"/></svg>`
  );
}

async function logoBytes(logo: BrandLook["logo"]): Promise<Buffer | null> {
  const id = uploadId(logo?.url);
  const stored = id ? await imageStore().open(variantName(id, 480)) : null;
  if (!stored) return null;
  return Buffer.from(await new Response(stored.body()).arrayBuffer());
}

// Drawing takes tens of milliseconds: the last one is kept, since the brand seldom changes. Another instance draws its own.
let last: { key: string; png: Promise<Buffer> } | null = null;

/** A PNG, which is what social sites read; a missing logo file draws the initial instead. */
export function socialImagePng(brand: BrandLook): Promise<Buffer> {
  const key = JSON.stringify([brand.name, brand.accent, brand.logo?.url ?? null]);
  if (last?.key !== key) {
    const png = drawSocialImage(brand);
    last = { key, png };
    png.catch(() => {
      if (last?.png === png) last = null;
    });
  }
  return last.png;
}

async function drawSocialImage(brand: BrandLook): Promise<Buffer> {
  const logo = await logoBytes(brand.logo);
  const image = sharp(Buffer.from(socialSvg(brand, logo !== null)));
  if (logo) {
    const inset = 16;
    const fitted = await sharp(logo)
      .resize({ width: MARK.size - 2 * inset, height: MARK.size - 2 * inset, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    image.composite([{ input: fitted, left: MARK.x + inset, top: MARK.y + inset }]);
  }
  return image.png({ palette: true, colors: 64, dither: 0.3, compressionLevel: 9, effort: 10 }).toBuffer();
}
