#!/usr/bin/env node
// `npm run images`: renders the demo art in design/images/ (hand-editable SVG, no text or fonts)
// into the committed files under public/images/, same relative path:
//   case-studies/<slug>.svg  -> case-studies/<slug>-480|960|1600.webp   (1600x1000 artwork, 16:10)
//   case-studies/gallery/<slug>-<n>.svg -> the same widths (the demo galleries, 1600x1000)
//   team/<id>.svg            -> team/<id>-320|640.webp                  (640x800 portraits, 4:5)
//   testimonials/<slug>.svg  -> testimonials/<slug>.webp                (112x112 avatars)
//   og-default.svg           -> og-default.png                          (1200x630 Open Graph image)
// Rendering is deterministic: unchanged SVGs give byte-identical files.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(ROOT, "design", "images");
const OUT = path.join(ROOT, "public", "images");
// Per folder: output widths (null: the SVG's own size, no suffix), format and encoder options, size limit,
// and whether smaller widths are downscaled from a full-size render (master) or drawn by librsvg at that size.
const SETS = {
  "case-studies": {
    widths: [480, 960, 1600],
    master: true,
    maxKB: 80,
    format: "webp",
    options: { quality: 72, effort: 6, smartSubsample: true },
  },
  "case-studies/gallery": {
    widths: [480, 960, 1600],
    master: true,
    maxKB: 40,
    format: "webp",
    options: { quality: 55, effort: 6, smartSubsample: true },
  },
  team: { widths: [320, 640], format: "webp", options: { quality: 78, effort: 6, smartSubsample: true } },
  testimonials: { widths: [null], format: "webp", options: { quality: 80 } },
  ".": { widths: [null], maxKB: 60, format: "png", options: { palette: true, colors: 64, dither: 0.3, compressionLevel: 9, effort: 10 } },
};

for (const file of (await readdir(SRC, { recursive: true })).filter((f) => f.endsWith(".svg")).sort()) {
  const set = SETS[path.dirname(file)];
  if (!set) throw new Error(`design/images/${file}: no output rule for its folder`);
  const svg = await readFile(path.join(SRC, file));
  const { width: w, height: h } = await sharp(svg).metadata(); // 72 dpi: one SVG unit is one pixel
  const master = set.master ? await sharp(svg, { density: 72 }).png().toBuffer() : svg;
  for (const width of set.widths) {
    const name = file.replace(/\.svg$/, width ? `-${width}` : "");
    const data = await sharp(master, { density: 72 })
      .resize(width ?? w, Math.round(((width ?? w) * h) / w))
      .toFormat(set.format, set.options)
      .toBuffer();
    if (data.length > (set.maxKB ?? Infinity) * 1024) throw new Error(`${name}: ${data.length} bytes, over ${set.maxKB} KB`);
    const out = path.join(OUT, `${name}.${set.format}`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, data);
    console.log(`${path.relative(ROOT, out)}  ${(data.length / 1024).toFixed(1)} KB`);
  }
}
