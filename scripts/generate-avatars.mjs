#!/usr/bin/env node
// Generates the abstract testimonial avatars (app/content/testimonials.ts):
//
//   node scripts/generate-avatars.mjs
//
// Each avatar is an inline SVG (a gradient disc with a stylised head-and-shoulders shape; no
// text, no fonts, no external resources) rendered with sharp into a 112×112 WebP (56 px at 2×):
//   public/images/testimonials/<slug>.webp
// There is no randomness, so re-running the script reproduces the same files.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "public", "images", "testimonials");
const SIZE = 112;

const avatars = [
  { slug: "sarah-mitchell", from: "#4f6bff", to: "#2f3fc0", skin: "#f2c9a5", hair: "#5b3a29", shirt: "#0f172a", long: true },
  { slug: "david-okafor", from: "#10b981", to: "#047857", skin: "#8d5a3b", hair: "#1f1410", shirt: "#f8fafc", long: false },
  { slug: "elena-rossi", from: "#f59e0b", to: "#c2410c", skin: "#e8b48f", hair: "#2b1d14", shirt: "#1e3a8a", long: true },
  { slug: "james-carter", from: "#06b6d4", to: "#0e7490", skin: "#f0c8a8", hair: "#a16207", shirt: "#334155", long: false },
  { slug: "priya-sharma", from: "#ec4899", to: "#9d174d", skin: "#b97a56", hair: "#111827", shirt: "#fef3c7", long: true },
];

function svg({ from, to, skin, hair, shirt, long }) {
  const hairBack = long ? `<path d="M34 52c0-16 9-27 22-27s22 11 22 27v26H34z" fill="${hair}"/>` : "";
  const hairTop = long
    ? `<path d="M38 48c2-12 9-18 18-18s16 6 18 18c-8-3-14-8-18-12-4 5-10 9-18 12z" fill="${hair}"/>`
    : `<path d="M38 46c0-11 8-18 18-18s18 7 18 18c-5-5-11-7-18-7s-13 2-18 7z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 112 112">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <clipPath id="disc"><circle cx="56" cy="56" r="56"/></clipPath>
  </defs>
  <g clip-path="url(#disc)">
    <rect width="112" height="112" fill="url(#bg)"/>
    <circle cx="92" cy="18" r="26" fill="#ffffff" opacity="0.12"/>
    ${hairBack}
    <path d="M18 116c2-22 18-34 38-34s36 12 38 34z" fill="${shirt}"/>
    <rect x="49" y="68" width="14" height="16" rx="6" fill="${skin}"/>
    <ellipse cx="56" cy="52" rx="17" ry="20" fill="${skin}"/>
    ${hairTop}
  </g>
</svg>`;
}

await mkdir(OUT_DIR, { recursive: true });
for (const avatar of avatars) {
  const file = path.join(OUT_DIR, `${avatar.slug}.webp`);
  const buffer = await sharp(Buffer.from(svg(avatar))).webp({ quality: 80 }).toBuffer();
  await writeFile(file, buffer);
  console.log(`${path.relative(ROOT, file)} (${buffer.length} bytes)`);
}
