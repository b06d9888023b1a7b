#!/usr/bin/env node
// Generates the About page's leadership portraits and the default Open Graph image.
//
//   node scripts/generate-team-images.mjs
//
// Everything is an inline SVG of abstract shapes (no text, no fonts, no external resources)
// rendered with sharp:
//   public/images/team/<id>-320.webp and <id>-640.webp   4:5 portraits (app/content/about.ts)
//   public/images/og-default.png                          1200x630, brand colours, under 60 KB
// There is no randomness, so re-running the script reproduces the same files.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TEAM_DIR = path.join(ROOT, "public", "images", "team");
const OG_FILE = path.join(ROOT, "public", "images", "og-default.png");
const BRAND = "#3b50e6";
const INK = "#0f172a";
const MAX_OG_BYTES = 60 * 1024;

// ---------------------------------------------------------------------------
// Portraits: drawn on a 640x800 canvas (4:5)
// ---------------------------------------------------------------------------

const hairStyles = {
  // A rounded, full silhouette.
  curls: (c) =>
    [
      [320, 250, 132],
      [228, 292, 70],
      [412, 292, 70],
      [250, 196, 72],
      [390, 196, 72],
      [320, 168, 80],
    ]
      .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${c}"/>`)
      .join(""),
  // Short and neat, sitting on top of the head.
  short: (c) => `<path d="M206 300 C196 190 252 146 326 146 C400 146 446 196 436 292 C420 246 388 222 330 220 C270 220 226 244 206 300 Z" fill="${c}"/>`,
  // A bob framing the face.
  bob: (c) =>
    `<path d="M190 372 C176 230 232 150 322 150 C414 150 468 228 452 372 C446 392 424 398 410 386 L404 262 C368 250 300 236 238 262 L232 386 C218 398 196 392 190 372 Z" fill="${c}"/>`,
};

function portraitSvg({ bg1, bg2, accent, skin, hair, hairStyle, top, collar }) {
  const hairShape = hairStyles[hairStyle](hair);
  // Curls sit behind the head; the others over it.
  const behind = hairStyle === "curls" ? hairShape : "";
  const over = hairStyle === "curls" ? "" : hairShape;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800" viewBox="0 0 640 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
    </linearGradient>
  </defs>
  <rect width="640" height="800" fill="url(#bg)"/>
  <circle cx="320" cy="330" r="300" fill="url(#glow)"/>
  <circle cx="540" cy="120" r="92" fill="none" stroke="${accent}" stroke-width="14" opacity="0.55"/>
  <circle cx="96" cy="640" r="54" fill="${accent}" opacity="0.35"/>
  <path d="M0 170 L150 40" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.25"/>
  <path d="M0 230 L210 44" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.15"/>
  ${behind}
  <path d="M60 800 C60 640 160 560 320 560 C480 560 580 640 580 800 Z" fill="${top}"/>
  <path d="M60 800 C60 640 160 560 320 560 C480 560 580 640 580 800 Z" fill="url(#shade)"/>
  <rect x="274" y="380" width="92" height="200" rx="24" fill="${skin}"/>
  <path d="M276 566 L320 628 L364 566 Z" fill="${collar}"/>
  <path d="M274 440 C300 470 340 470 366 440 L366 478 C340 498 300 498 274 478 Z" fill="#000000" opacity="0.14"/>
  <ellipse cx="320" cy="318" rx="112" ry="136" fill="${skin}"/>
  <ellipse cx="210" cy="330" rx="18" ry="30" fill="${skin}"/>
  <ellipse cx="430" cy="330" rx="18" ry="30" fill="${skin}"/>
  ${over}
</svg>`;
}

const people = [
  {
    id: "maya-okafor",
    bg1: BRAND,
    bg2: "#7c8cff",
    accent: "#fbbf24",
    skin: "#8a5a3b",
    hair: "#1c1410",
    hairStyle: "curls",
    top: "#f59e0b",
    collar: "#fde68a",
  },
  {
    id: "daniel-reyes",
    bg1: INK,
    bg2: "#1d4ed8",
    accent: "#22d3ee",
    skin: "#c98d62",
    hair: "#2a1b12",
    hairStyle: "short",
    top: BRAND,
    collar: "#e0e7ff",
  },
  {
    id: "lena-brandt",
    bg1: "#6d28d9",
    bg2: "#db2777",
    accent: "#f9a8d4",
    skin: "#f0c6a4",
    hair: "#d9a441",
    hairStyle: "bob",
    top: INK,
    collar: "#f8fafc",
  },
];

async function writePortraits() {
  await mkdir(TEAM_DIR, { recursive: true });
  for (const person of people) {
    const svg = Buffer.from(portraitSvg(person));
    for (const width of [320, 640]) {
      const file = path.join(TEAM_DIR, `${person.id}-${width}.webp`);
      const data = await sharp(svg, { density: 72 })
        .resize(width, (width * 5) / 4)
        .webp({ quality: 78, effort: 6, smartSubsample: true })
        .toBuffer();
      await writeFile(file, data);
      console.log(`${path.relative(ROOT, file)}  ${(data.length / 1024).toFixed(1)} KB`);
    }
  }
}

// ---------------------------------------------------------------------------
// Default Open Graph image: 1200x630, a north star sending out beams on ink
// ---------------------------------------------------------------------------

function star(cx, cy, r, fill, opacity = 1) {
  const k = r * 0.2;
  return `<path d="M${cx} ${cy - r} L${cx + k} ${cy - k} L${cx + r} ${cy} L${cx + k} ${cy + k} L${cx} ${cy + r} L${cx - k} ${cy + k} L${cx - r} ${cy} L${cx - k} ${cy - k} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function ogSvg() {
  const dots = [];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 10; col++) {
      dots.push(`<circle cx="${80 + col * 34}" cy="${420 + row * 34}" r="3.5" fill="#94a3b8" opacity="${0.18 + ((row + col) % 3) * 0.08}"/>`);
    }
  }
  const beams = [
    [-20, 0.5],
    [-8, 0.35],
    [6, 0.28],
    [20, 0.2],
  ]
    .map(
      ([angle, opacity]) =>
        `<path d="M860 210 L-40 ${520 + angle * 12} L-40 ${600 + angle * 12} Z" fill="url(#beam)" opacity="${opacity}" transform="rotate(${angle} 860 210)"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="glow" cx="0.72" cy="0.33" r="0.6">
      <stop offset="0" stop-color="${BRAND}" stop-opacity="0.75"/><stop offset="0.55" stop-color="${BRAND}" stop-opacity="0.12"/><stop offset="1" stop-color="${BRAND}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="beam" x1="1" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c7d2fe" stop-opacity="0.9"/><stop offset="1" stop-color="${BRAND}" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="#6d7dff"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="${INK}"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  ${beams}
  <circle cx="860" cy="210" r="150" fill="none" stroke="${BRAND}" stroke-width="2" opacity="0.7"/>
  <circle cx="860" cy="210" r="230" fill="none" stroke="${BRAND}" stroke-width="2" opacity="0.4"/>
  <circle cx="860" cy="210" r="320" fill="none" stroke="${BRAND}" stroke-width="2" opacity="0.2"/>
  ${star(860, 210, 96, "#ffffff")}
  ${star(860, 210, 44, BRAND)}
  ${star(1080, 520, 26, "#c7d2fe", 0.8)}
  ${star(640, 90, 16, "#c7d2fe", 0.7)}
  ${dots.join("")}
  <rect x="80" y="96" width="300" height="188" rx="26" fill="url(#card)"/>
  <rect x="112" y="132" width="150" height="16" rx="8" fill="#ffffff" opacity="0.9"/>
  <rect x="112" y="166" width="226" height="12" rx="6" fill="#ffffff" opacity="0.55"/>
  <rect x="112" y="190" width="196" height="12" rx="6" fill="#ffffff" opacity="0.55"/>
  <rect x="112" y="228" width="92" height="30" rx="15" fill="${INK}" opacity="0.8"/>
  <rect x="0" y="606" width="1200" height="24" fill="${BRAND}"/>
</svg>`;
}

async function writeOgImage() {
  const data = await sharp(Buffer.from(ogSvg()), { density: 72 })
    .resize(1200, 630)
    .png({ palette: true, colors: 64, dither: 0.3, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (data.length > MAX_OG_BYTES) throw new Error(`og-default.png is ${data.length} bytes, over ${MAX_OG_BYTES}`);
  await writeFile(OG_FILE, data);
  console.log(`${path.relative(ROOT, OG_FILE)}  ${(data.length / 1024).toFixed(1)} KB`);
}

await writePortraits();
await writeOgImage();
