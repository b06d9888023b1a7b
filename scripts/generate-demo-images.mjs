#!/usr/bin/env node
// Generates the abstract cover illustrations used by the demo case studies
// (app/content/demo-case-studies.ts).
//
//   node scripts/generate-demo-images.mjs
//
// Every illustration is an inline SVG (no text, no fonts, no external
// resources) rendered with sharp into WebP files at three widths (16:10):
//   public/images/case-studies/<slug>-480.webp
//   public/images/case-studies/<slug>-960.webp
//   public/images/case-studies/<slug>-1600.webp
// There is no randomness, so re-running the script reproduces the same files.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "public", "images", "case-studies");
const WIDTHS = [480, 960, 1600];
const QUALITY = 72;
const MAX_1600_BYTES = 80 * 1024;

// The artwork is drawn on a 1600x1000 canvas and scaled through the viewBox.
const W = 1600;
const H = 1000;

// ---------------------------------------------------------------------------
// Small SVG helpers
// ---------------------------------------------------------------------------

const attrs = (extra = {}) =>
  Object.entries(extra)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join("");

const rect = (x, y, w, h, r, fill, extra) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${attrs(extra)}/>`;

const circle = (cx, cy, r, fill, extra) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${attrs(extra)}/>`;

const pathEl = (d, extra) => `<path d="${d}"${attrs(extra)}/>`;

const group = (content, extra) => `<g${attrs(extra)}>${content}</g>`;

/** A row of "text" placeholder bars. */
const bars = (x, y, widths, { h = 10, gap = 20, fill = "#ffffff", opacity = 0.5 } = {}) =>
  widths
    .map((w, i) => rect(x, y + i * gap, w, h, h / 2, fill, { opacity }))
    .join("");

/** Gradient stops helper: stops = [[offset, color, opacity?], ...] */
const stops = (list) =>
  list
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`,
    )
    .join("");

const linear = (id, list, x1 = 0, y1 = 0, x2 = 1, y2 = 1) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;

const radial = (id, list, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;

/** Soft drop shadow + big blur for background glows. */
const commonFilters = (shadowColor = "#0b1020", shadowOpacity = 0.35) => `
  <filter id="shadow" x="-25%" y="-25%" width="150%" height="170%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="22"/>
    <feOffset dy="22" result="blur"/>
    <feFlood flood-color="${shadowColor}" flood-opacity="${shadowOpacity}"/>
    <feComposite in2="blur" operator="in"/>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <filter id="shadowSm" x="-25%" y="-25%" width="150%" height="170%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="10"/>
    <feOffset dy="10" result="blur"/>
    <feFlood flood-color="${shadowColor}" flood-opacity="${shadowOpacity * 0.8}"/>
    <feComposite in2="blur" operator="in"/>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <filter id="glow" x="-100%" y="-100%" width="300%" height="300%">
    <feGaussianBlur stdDeviation="90"/>
  </filter>`;

/** Wraps artwork into a complete SVG document. */
const svgDoc = (defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
  `<defs>${defs}</defs>${body}</svg>`;

/** Content clipped to a rounded rectangle (used for decorations inside cards). */
const clipped = (id, x, y, w, h, r, content) =>
  `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"/></clipPath>` +
  group(content, { "clip-path": `url(#${id})` });

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
const smoothPath = (pts) => {
  let d = `M${pts[0][0]},${pts[0][1]}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] ?? p2;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${c1[0].toFixed(1)},${c1[1].toFixed(1)} ${c2[0].toFixed(1)},${c2[1].toFixed(1)} ${p2[0]},${p2[1]}`;
  }
  return d;
};

/** Dotted grid decoration. */
const dotGrid = (x, y, cols, rows, step, fill, opacity) => {
  let out = "";
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out += circle(x + c * step, y + r * step, 3, fill, { opacity });
  return out;
};

/** Donut / progress ring. */
const ring = (cx, cy, r, width, pct, color, track, opacity = 1) => {
  const c = 2 * Math.PI * r;
  return (
    circle(cx, cy, r, "none", { stroke: track, "stroke-width": width }) +
    circle(cx, cy, r, "none", {
      stroke: color,
      "stroke-width": width,
      "stroke-linecap": "round",
      "stroke-dasharray": `${(c * pct).toFixed(1)} ${c.toFixed(1)}`,
      transform: `rotate(-90 ${cx} ${cy})`,
      opacity,
    })
  );
};

/** Browser-window frame with a toolbar; returns [markup, contentTop]. */
const browser = (x, y, w, h, { body = "#ffffff", bar = "#f1f5f9", dots = ["#f87171", "#fbbf24", "#34d399"], url = "#e2e8f0" } = {}) =>
  rect(x, y, w, h, 22, body, { filter: "url(#shadow)" }) +
  pathEl(`M${x},${y + 22} a22,22 0 0 1 22,-22 h${w - 44} a22,22 0 0 1 22,22 v34 h-${w} z`, { fill: bar }) +
  dots.map((c, i) => circle(x + 30 + i * 22, y + 28, 7, c)).join("") +
  rect(x + w / 2 - 180, y + 16, 360, 24, 12, url);

// ---------------------------------------------------------------------------
// 1. Fintech mobile banking app
// ---------------------------------------------------------------------------

function fintech() {
  const defs =
    commonFilters("#020617", 0.55) +
    linear("bg", [[0, "#071330"], [0.55, "#0b2447"], [1, "#0c4a5a"]]) +
    linear("screen", [[0, "#0f1b33"], [1, "#0a1224"]], 0, 0, 0, 1) +
    linear("card", [[0, "#2dd4bf"], [1, "#3b82f6"]]) +
    linear("card2", [[0, "#a78bfa"], [1, "#ec4899"]]) +
    linear("area", [[0, "#2dd4bf", 0.45], [1, "#2dd4bf", 0]], 0, 0, 0, 1);

  const px = 620; // phone x
  const py = 120;
  const pw = 360;
  const ph = 760;

  const chartPts = [
    [px + 40, py + 430], [px + 85, py + 410], [px + 130, py + 420], [px + 175, py + 380],
    [px + 220, py + 392], [px + 265, py + 350], [px + 320, py + 330],
  ];
  const line = smoothPath(chartPts);
  const area = `${line} L${px + 320},${py + 470} L${px + 40},${py + 470} Z`;

  const rows = [0, 1, 2]
    .map((i) => {
      const y = py + 520 + i * 70;
      const colors = ["#2dd4bf", "#f472b6", "#60a5fa"];
      return (
        rect(px + 32, y, pw - 64, 56, 16, "#ffffff", { opacity: 0.05 }) +
        circle(px + 62, y + 28, 16, colors[i], { opacity: 0.9 }) +
        bars(px + 92, y + 16, [110, 70], { h: 9, gap: 17, opacity: 0.45 }) +
        rect(px + pw - 100, y + 22, 54, 12, 6, i === 1 ? "#f472b6" : "#2dd4bf", { opacity: 0.8 })
      );
    })
    .join("");

  const phone =
    rect(px, py, pw, ph, 58, "#020617", { filter: "url(#shadow)" }) +
    rect(px + 12, py + 12, pw - 24, ph - 24, 48, "url(#screen)") +
    rect(px + pw / 2 - 55, py + 26, 110, 28, 14, "#020617") +
    // header
    circle(px + 58, py + 92, 20, "#1e293b") +
    circle(px + 58, py + 92, 11, "#2dd4bf", { opacity: 0.8 }) +
    bars(px + 90, py + 82, [90, 60], { h: 9, gap: 16, opacity: 0.4 }) +
    circle(px + pw - 56, py + 92, 18, "#1e293b") +
    // balance card
    rect(px + 32, py + 140, pw - 64, 170, 26, "url(#card)") +
    clipped(
      "balanceClip",
      px + 32,
      py + 140,
      pw - 64,
      170,
      26,
      circle(px + pw - 70, py + 170, 90, "#ffffff", { opacity: 0.1 }) +
        circle(px + pw - 40, py + 290, 70, "#ffffff", { opacity: 0.08 }),
    ) +
    rect(px + 58, py + 170, 80, 10, 5, "#ffffff", { opacity: 0.7 }) +
    rect(px + 58, py + 196, 170, 28, 10, "#ffffff", { opacity: 0.95 }) +
    rect(px + 58, py + 258, 44, 28, 8, "#fde68a", { opacity: 0.9 }) +
    bars(px + 118, py + 268, [120], { h: 9, opacity: 0.6 }) +
    // chart
    pathEl(area, { fill: "url(#area)" }) +
    pathEl(line, { fill: "none", stroke: "#2dd4bf", "stroke-width": 5, "stroke-linecap": "round" }) +
    circle(px + 320, py + 330, 9, "#0f1b33", { stroke: "#2dd4bf", "stroke-width": 5 }) +
    rows +
    // tab bar
    rect(px + 120, py + ph - 40, 120, 8, 4, "#ffffff", { opacity: 0.35 });

  // Floating credit card (tilted) left of phone
  const credit = group(
    rect(0, 0, 330, 208, 24, "url(#card2)") +
      clipped("creditClip", 0, 0, 330, 208, 24, circle(300, 10, 120, "#ffffff", { opacity: 0.12 })) +
      rect(30, 40, 52, 40, 9, "#fde68a", { opacity: 0.9 }) +
      pathEl("M30,60 h52 M56,40 v40", { stroke: "#d4a72c", "stroke-width": 2, fill: "none" }) +
      bars(30, 120, [220], { h: 14, opacity: 0.75 }) +
      bars(30, 160, [90], { h: 10, opacity: 0.55 }) +
      circle(262, 168, 18, "#ffffff", { opacity: 0.55 }) +
      circle(288, 168, 18, "#ffffff", { opacity: 0.35 }),
    { transform: "translate(250 250) rotate(-12)", filter: "url(#shadow)" },
  );

  // Donut card right of phone
  const donut = group(
    rect(0, 0, 300, 200, 26, "#0f213f", { opacity: 0.96 }) +
      ring(90, 100, 52, 18, 1, "#1e3a5f", "none") +
      ring(90, 100, 52, 18, 0.62, "#2dd4bf", "none") +
      circle(90, 100, 52, "none", {
        stroke: "#a78bfa",
        "stroke-width": 18,
        "stroke-dasharray": `${(2 * Math.PI * 52 * 0.22).toFixed(1)} 400`,
        "stroke-dashoffset": `${(-2 * Math.PI * 52 * 0.64).toFixed(1)}`,
        transform: "rotate(-90 90 100)",
      }) +
      circle(176, 70, 7, "#2dd4bf") +
      bars(192, 65, [70], { h: 10, opacity: 0.5 }) +
      circle(176, 104, 7, "#a78bfa") +
      bars(192, 99, [54], { h: 10, opacity: 0.5 }) +
      circle(176, 138, 7, "#1e3a5f") +
      bars(192, 133, [62], { h: 10, opacity: 0.5 }),
    { transform: "translate(1060 300)", filter: "url(#shadow)" },
  );

  // Notification pill
  const notif = group(
    rect(0, 0, 320, 84, 42, "#ffffff", { opacity: 0.97 }) +
      circle(42, 42, 24, "#2dd4bf") +
      pathEl("M31,43 l8,8 l15,-17", { fill: "none", stroke: "#ffffff", "stroke-width": 5, "stroke-linecap": "round", "stroke-linejoin": "round" }) +
      bars(82, 28, [170, 110], { h: 10, gap: 20, fill: "#0b2447", opacity: 0.55 }),
    { transform: "translate(1010 600)", filter: "url(#shadow)" },
  );

  // Coins / bars on the lower left
  const growth = group(
    [70, 110, 90, 150, 190]
      .map((h, i) => rect(i * 42, 200 - h, 28, h, 8, i === 4 ? "#2dd4bf" : "#ffffff", { opacity: i === 4 ? 0.9 : 0.14 }))
      .join(""),
    { transform: "translate(300 620)" },
  );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1240, 180, 260, "#2dd4bf", { filter: "url(#glow)", opacity: 0.35 }) +
    circle(300, 860, 280, "#6366f1", { filter: "url(#glow)", opacity: 0.4 }) +
    circle(800, 500, 430, "none", { stroke: "#ffffff", "stroke-opacity": 0.05, "stroke-width": 2 }) +
    circle(800, 500, 330, "none", { stroke: "#ffffff", "stroke-opacity": 0.06, "stroke-width": 2 }) +
    dotGrid(1310, 720, 7, 5, 28, "#ffffff", 0.18) +
    dotGrid(110, 110, 6, 4, 28, "#ffffff", 0.14) +
    growth +
    credit +
    phone +
    donut +
    notif;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 2. E-commerce website rebuild (home goods)
// ---------------------------------------------------------------------------

function ecommerce() {
  const defs =
    commonFilters("#7c2d12", 0.22) +
    linear("bg", [[0, "#fff1e6"], [0.6, "#fcd9c4"], [1, "#f7b59b"]]) +
    linear("hero", [[0, "#f97362"], [1, "#fb923c"]]) +
    linear("vase", [[0, "#fff7ed"], [1, "#fde2cf"]], 0, 0, 0, 1) +
    linear("btn", [[0, "#1f2937"], [1, "#374151"]]);

  const bx = 230;
  const by = 110;
  const bw = 1020;
  const bh = 720;

  const vase = (x, y, s, fill) =>
    pathEl(
      `M${x - 26 * s},${y} c0,-30 ${-20 * s},-40 ${-20 * s},-80 c0,-36 ${26 * s},-50 ${26 * s},-80 h${40 * s} c0,30 ${26 * s},44 ${26 * s},80 c0,40 ${-20 * s},50 ${-20 * s},80 z`,
      { fill },
    );

  const productColors = [
    ["#fde2cf", "#e76f51"],
    ["#dbeafe", "#3b82f6"],
    ["#dcfce7", "#16a34a"],
    ["#fef3c7", "#d97706"],
  ];
  const grid = productColors
    .map(([bg, fg], i) => {
      const x = bx + 40 + i * 240;
      const y = by + 430;
      let art;
      if (i === 0) art = circle(x + 105, y + 95, 48, fg, { opacity: 0.85 }) + rect(x + 60, y + 140, 90, 14, 7, fg, { opacity: 0.35 });
      else if (i === 1) art = vase(x + 104, y + 160, 0.9, fg);
      else if (i === 2)
        art =
          rect(x + 62, y + 70, 86, 96, 14, fg, { opacity: 0.85 }) +
          pathEl(`M${x + 80},${y + 70} c0,-40 50,-40 50,0`, { fill: "none", stroke: fg, "stroke-width": 8 });
      else
        art =
          pathEl(`M${x + 50},${y + 150} L${x + 105},${y + 50} L${x + 160},${y + 150} Z`, { fill: fg, opacity: 0.85 }) +
          circle(x + 105, y + 120, 18, "#fff7ed");
      return (
        rect(x, y, 210, 190, 18, bg) +
        art +
        circle(x + 184, y + 24, 12, "#ffffff", { opacity: 0.9 }) +
        bars(x + 4, y + 208, [150, 70], { h: 10, gap: 22, fill: "#1f2937", opacity: i === 0 ? 0.5 : 0.3 })
      );
    })
    .join("");

  const site =
    browser(bx, by, bw, bh, { bar: "#fff7f2", url: "#fde7da" }) +
    // nav
    rect(bx + 40, by + 84, 42, 42, 12, "url(#hero)") +
    bars(bx + 340, by + 100, [60], { h: 10, fill: "#1f2937", opacity: 0.3 }) +
    bars(bx + 420, by + 100, [70], { h: 10, fill: "#1f2937", opacity: 0.3 }) +
    bars(bx + 510, by + 100, [56], { h: 10, fill: "#1f2937", opacity: 0.3 }) +
    circle(bx + bw - 110, by + 105, 14, "#1f2937", { opacity: 0.15 }) +
    circle(bx + bw - 64, by + 105, 14, "#1f2937", { opacity: 0.15 }) +
    // hero
    rect(bx + 40, by + 150, bw - 80, 240, 22, "url(#hero)") +
    circle(bx + bw - 230, by + 270, 150, "#ffffff", { opacity: 0.12 }) +
    circle(bx + bw - 150, by + 190, 60, "#fde68a", { opacity: 0.6 }) +
    vase(bx + bw - 250, by + 370, 1.5, "url(#vase)") +
    pathEl(`M${bx + bw - 250},${by + 205} q-30,-50 -60,-60 M${bx + bw - 250},${by + 205} q20,-70 55,-80`, {
      fill: "none",
      stroke: "#166534",
      "stroke-width": 6,
      "stroke-linecap": "round",
    }) +
    circle(bx + bw - 312, by + 143, 16, "#16a34a") +
    circle(bx + bw - 193, by + 124, 16, "#16a34a") +
    rect(bx + 90, by + 200, 340, 30, 12, "#ffffff", { opacity: 0.95 }) +
    rect(bx + 90, by + 244, 260, 30, 12, "#ffffff", { opacity: 0.95 }) +
    bars(bx + 90, by + 296, [300], { h: 10, opacity: 0.7 }) +
    rect(bx + 90, by + 326, 150, 42, 21, "url(#btn)") +
    grid;

  // Floating cart panel
  const cartItems = [["#fde2cf", "#e76f51"], ["#dbeafe", "#3b82f6"]]
    .map(
      ([bg, fg], i) =>
        rect(24, 76 + i * 86, 70, 70, 14, bg) +
        circle(59, 111 + i * 86, 20, fg, { opacity: 0.85 }) +
        bars(110, 90 + i * 86, [120, 60], { h: 10, gap: 22, fill: "#1f2937", opacity: 0.35 }),
    )
    .join("");
  const cart = group(
    rect(0, 0, 290, 340, 24, "#ffffff") +
      bars(24, 32, [110], { h: 14, fill: "#1f2937", opacity: 0.7 }) +
      circle(258, 38, 14, "#f97362") +
      cartItems +
      rect(24, 250, 242, 2, 1, "#1f2937", { opacity: 0.08 }) +
      bars(24, 266, [80], { h: 10, fill: "#1f2937", opacity: 0.3 }) +
      bars(196, 264, [70], { h: 14, fill: "#1f2937", opacity: 0.7 }) +
      rect(24, 290, 242, 34, 17, "url(#hero)"),
    { transform: "translate(1140 430)", filter: "url(#shadow)" },
  );

  // Floating phone with product page
  const phone = group(
    rect(0, 0, 220, 440, 36, "#1f2937") +
      rect(9, 9, 202, 422, 29, "#fffaf6") +
      rect(80, 20, 60, 14, 7, "#1f2937") +
      rect(24, 56, 172, 170, 18, "#fde2cf") +
      vase(110, 205, 1.05, "#e76f51") +
      bars(24, 246, [140, 90], { h: 11, gap: 22, fill: "#1f2937", opacity: 0.45 }) +
      [0, 1, 2].map((i) => circle(36 + i * 30, 310, 10, ["#e76f51", "#3b82f6", "#16a34a"][i])).join("") +
      rect(24, 350, 172, 44, 22, "url(#btn)"),
    { transform: "translate(70 470) rotate(-6)", filter: "url(#shadow)" },
  );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1380, 140, 280, "#fb923c", { filter: "url(#glow)", opacity: 0.35 }) +
    circle(160, 900, 260, "#f472b6", { filter: "url(#glow)", opacity: 0.25 }) +
    circle(1420, 860, 120, "#ffffff", { opacity: 0.25 }) +
    circle(140, 140, 70, "#ffffff", { opacity: 0.3 }) +
    dotGrid(1340, 90, 6, 4, 26, "#9a3412", 0.15) +
    site +
    phone +
    cart;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 3. Custom logistics / dispatch software
// ---------------------------------------------------------------------------

function logistics() {
  const defs =
    commonFilters("#000000", 0.5) +
    linear("bg", [[0, "#0b1120"], [1, "#1e293b"]]) +
    linear("map", [[0, "#111c33"], [1, "#0f2440"]]) +
    linear("route", [[0, "#fb923c"], [1, "#facc15"]], 0, 0, 1, 0) +
    linear("barG", [[0, "#38bdf8"], [1, "#0ea5e9", 0.5]], 0, 0, 0, 1) +
    `<pattern id="mapgrid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40,0 H0 V40" fill="none" stroke="#38bdf8" stroke-opacity="0.08" stroke-width="1.5"/></pattern>`;

  const ax = 170;
  const ay = 120;
  const aw = 1260;
  const ah = 760;

  // Map panel
  const mx = ax + 110;
  const my = ay + 90;
  const mw = 760;
  const mh = 610;
  const land =
    pathEl(
      `M${mx + 40},${my + 120} C${mx + 120},${my + 40} ${mx + 260},${my + 60} ${mx + 330},${my + 110} S${mx + 520},${my + 90} ${mx + 600},${my + 160} S${mx + 720},${my + 330} ${mx + 650},${my + 420} S${mx + 470},${my + 560} ${mx + 330},${my + 520} S${mx + 120},${my + 560} ${mx + 70},${my + 440} S${mx - 10},${my + 220} ${mx + 40},${my + 120} Z`,
      { fill: "#1b3358", opacity: 0.9 },
    ) +
    pathEl(
      `M${mx + 470},${my + 230} c60,-30 120,10 110,70 c-10,50 -90,60 -120,20 c-20,-30 -20,-70 10,-90 z`,
      { fill: "#0f2440" },
    );

  const nodes = [
    [mx + 120, my + 190],
    [mx + 300, my + 160],
    [mx + 420, my + 330],
    [mx + 600, my + 220],
    [mx + 560, my + 460],
    [mx + 230, my + 440],
  ];
  const routeA = smoothPath([nodes[0], nodes[1], nodes[2], nodes[4]]);
  const routeB = smoothPath([nodes[5], nodes[2], nodes[3]]);
  const routes =
    pathEl(routeB, { fill: "none", stroke: "#38bdf8", "stroke-width": 5, "stroke-dasharray": "4 14", "stroke-linecap": "round", opacity: 0.8 }) +
    pathEl(routeA, { fill: "none", stroke: "url(#route)", "stroke-width": 7, "stroke-linecap": "round" }) +
    nodes
      .map(([x, y], i) =>
        i === 2
          ? circle(x, y, 36, "#fb923c", { opacity: 0.18 }) + circle(x, y, 20, "#fb923c", { opacity: 0.35 }) + circle(x, y, 10, "#fff7ed")
          : circle(x, y, 14, "#0b1120", { stroke: i === 3 || i === 5 ? "#38bdf8" : "#fb923c", "stroke-width": 5 }),
      )
      .join("");

  // Pin
  const pin = (x, y, c) =>
    pathEl(`M${x},${y} c-26,-30 -34,-44 -34,-60 a34,34 0 0 1 68,0 c0,16 -8,30 -34,60 z`, { fill: c, filter: "url(#shadowSm)" }) +
    circle(x, y - 60, 12, "#ffffff");

  const mapPanel =
    rect(mx, my, mw, mh, 18, "url(#map)") +
    rect(mx, my, mw, mh, 18, "url(#mapgrid)") +
    land +
    routes +
    pin(nodes[4][0], nodes[4][1] - 14, "#facc15") +
    pin(nodes[1][0], nodes[1][1] - 14, "#38bdf8") +
    // mini shipment card on map
    group(
      rect(0, 0, 230, 96, 16, "#0b1120", { opacity: 0.92 }) +
        rect(18, 20, 56, 56, 12, "#fb923c", { opacity: 0.2 }) +
        rect(30, 36, 32, 24, 4, "#fb923c") +
        bars(90, 26, [110, 80], { h: 10, gap: 22, opacity: 0.5 }) +
        rect(90, 70, 120, 8, 4, "#1e293b") +
        rect(90, 70, 84, 8, 4, "#fb923c"),
      { transform: `translate(${mx + 30} ${my + mh - 126})`, filter: "url(#shadowSm)" },
    );

  // Sidebar icons
  const side =
    rect(ax, ay + 56, 80, ah - 56, 0, "#0b1120", { opacity: 0.5 }) +
    [0, 1, 2, 3, 4]
      .map((i) => rect(ax + 22, ay + 100 + i * 70, 36, 36, 10, i === 1 ? "#fb923c" : "#334155", { opacity: i === 1 ? 1 : 0.8 }))
      .join("");

  // Right column: KPIs + bar chart + list
  const rx = mx + mw + 30;
  const rw = ax + aw - rx - 30;
  const kpis = [0, 1]
    .map((i) => {
      const x = rx + i * (rw / 2 + 8);
      const w = rw / 2 - 8;
      return (
        rect(x, my, w, 120, 16, "#1e293b") +
        bars(x + 20, my + 24, [70], { h: 9, opacity: 0.4 }) +
        rect(x + 20, my + 52, 90, 26, 8, "#ffffff", { opacity: 0.9 }) +
        rect(x + 20, my + 92, 56, 10, 5, i === 0 ? "#34d399" : "#fb923c", { opacity: 0.9 })
      );
    })
    .join("");
  const barHeights = [90, 130, 110, 170, 150, 200, 180];
  const chart =
    rect(rx, my + 140, rw, 230, 16, "#1e293b") +
    bars(rx + 20, my + 162, [110], { h: 9, opacity: 0.4 }) +
    barHeights
      .map((h, i) =>
        rect(rx + 26 + i * ((rw - 52) / 7), my + 350 - h * 0.75, (rw - 52) / 7 - 12, h * 0.75, 6, i === 5 ? "#fb923c" : "url(#barG)"),
      )
      .join("");
  const list =
    rect(rx, my + 390, rw, 220, 16, "#1e293b") +
    [0, 1, 2]
      .map((i) => {
        const y = my + 414 + i * 62;
        const c = ["#34d399", "#fb923c", "#38bdf8"][i];
        return circle(rx + 36, y + 18, 14, c, { opacity: 0.85 }) + bars(rx + 62, y + 6, [150, 90], { h: 9, gap: 18, opacity: 0.4 }) + rect(rx + rw - 78, y + 8, 56, 20, 10, c, { opacity: 0.25 });
      })
      .join("");

  const app =
    rect(ax, ay, aw, ah, 24, "#0f172a", { filter: "url(#shadow)" }) +
    pathEl(`M${ax},${ay + 24} a24,24 0 0 1 24,-24 h${aw - 48} a24,24 0 0 1 24,24 v32 h-${aw} z`, { fill: "#111827" }) +
    [0, 1, 2].map((i) => circle(ax + 30 + i * 22, ay + 28, 7, "#334155")).join("") +
    rect(ax + 110, ay + 18, 260, 20, 10, "#1e293b") +
    circle(ax + aw - 44, ay + 28, 12, "#fb923c") +
    side +
    mapPanel +
    kpis +
    chart +
    list;

  // Isometric parcels, bottom-left
  const cube = (x, y, s, top, left, right) =>
    pathEl(`M${x},${y} l${s},${-s / 2} l${s},${s / 2} l${-s},${s / 2} z`, { fill: top }) +
    pathEl(`M${x},${y} l${s},${s / 2} v${s} l${-s},${-s / 2} z`, { fill: left }) +
    pathEl(`M${x + 2 * s},${y} l${-s},${s / 2} v${s} l${s},${-s / 2} z`, { fill: right }) +
    pathEl(`M${x + s * 0.45},${y - s * 0.22} l${s},${s / 2}`, { stroke: "#fde68a", "stroke-width": 6, opacity: 0.6 });
  const parcels = group(
    cube(0, 70, 70, "#fdba74", "#c2410c", "#ea580c") + cube(120, 130, 60, "#fcd34d", "#b45309", "#d97706") + cube(40, -10, 55, "#fed7aa", "#c2410c", "#f97316"),
    { transform: "translate(70 760)", filter: "url(#shadowSm)" },
  );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    rect(0, 0, W, H, 0, "url(#mapgrid)", { opacity: 0.6 }) +
    circle(1350, 140, 260, "#0ea5e9", { filter: "url(#glow)", opacity: 0.3 }) +
    circle(300, 900, 260, "#f97316", { filter: "url(#glow)", opacity: 0.3 }) +
    app +
    parcels;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 4. Healthcare patient portal (UI/UX)
// ---------------------------------------------------------------------------

function healthcare() {
  const defs =
    commonFilters("#0f3d3e", 0.18) +
    linear("bg", [[0, "#e8f8f5"], [0.5, "#e3f1fb"], [1, "#d7e6ff"]]) +
    linear("teal", [[0, "#14b8a6"], [1, "#0891b2"]]) +
    linear("ecgFill", [[0, "#14b8a6", 0.25], [1, "#14b8a6", 0]], 0, 0, 0, 1);

  const tx = 260;
  const ty = 130;
  const tw = 1080;
  const th = 720;

  // Calendar grid
  const cx0 = tx + 330;
  const cy0 = ty + 180;
  let cal = "";
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 7; c++) {
      const x = cx0 + c * 62;
      const y = cy0 + r * 58;
      const idx = r * 7 + c;
      const sel = idx === 10;
      const booked = idx === 3 || idx === 16 || idx === 24;
      cal += rect(x, y, 50, 46, 12, sel ? "url(#teal)" : booked ? "#ccfbf1" : "#f1f5f9");
      if (booked) cal += circle(x + 25, y + 34, 4, "#14b8a6");
      if (sel) cal += rect(x + 15, y + 18, 20, 10, 5, "#ffffff");
    }
  }

  const ecg = `M${tx + 360},${ty + 560} h60 l14,-30 l16,60 l22,-120 l22,150 l16,-70 l14,10 h70 l12,-24 l14,48 l20,-100 l22,120 l14,-54 h80`;

  const tablet =
    rect(tx, ty, tw, th, 44, "#0f172a", { filter: "url(#shadow)" }) +
    rect(tx + 18, ty + 18, tw - 36, th - 36, 30, "#ffffff") +
    // sidebar
    pathEl(`M${tx + 18},${ty + 48} a30,30 0 0 1 30,-30 h230 v${th - 36} h-230 a30,30 0 0 1 -30,-30 z`, { fill: "#f0fdfa" }) +
    rect(tx + 50, ty + 52, 48, 48, 14, "url(#teal)") +
    pathEl(`M${tx + 74},${ty + 62} v28 M${tx + 60},${ty + 76} h28`, { stroke: "#ffffff", "stroke-width": 7, "stroke-linecap": "round" }) +
    [0, 1, 2, 3, 4]
      .map(
        (i) =>
          rect(tx + 44, ty + 140 + i * 58, 200, 44, 12, i === 1 ? "#ccfbf1" : "#f0fdfa") +
          rect(tx + 60, ty + 154 + i * 58, 16, 16, 5, i === 1 ? "#0d9488" : "#94a3b8") +
          rect(tx + 90, ty + 157 + i * 58, [90, 110, 70, 100, 80][i], 10, 5, i === 1 ? "#0d9488" : "#94a3b8", { opacity: 0.7 }),
      )
      .join("") +
    // profile at bottom of sidebar
    circle(tx + 74, ty + th - 90, 24, "#fde68a") +
    circle(tx + 74, ty + th - 96, 9, "#f59e0b") +
    pathEl(`M${tx + 58},${ty + th - 74} a16,12 0 0 1 32,0`, { fill: "#f59e0b" }) +
    bars(tx + 110, ty + th - 102, [100, 60], { h: 9, gap: 18, fill: "#334155", opacity: 0.4 }) +
    // header
    rect(cx0, ty + 60, 260, 26, 10, "#0f172a", { opacity: 0.8 }) +
    bars(cx0, ty + 102, [180], { h: 10, fill: "#64748b", opacity: 0.5 }) +
    circle(tx + tw - 80, ty + 76, 22, "#f1f5f9") +
    circle(tx + tw - 80, ty + 76, 6, "#f43f5e") +
    // calendar card
    bars(cx0, ty + 150, [120], { h: 10, fill: "#334155", opacity: 0.55 }) +
    cal +
    // appointments
    [0, 1, 2]
      .map((i) => {
        const x = cx0 + 460;
        const y = ty + 150 + i * 92;
        const c = ["#14b8a6", "#6366f1", "#f59e0b"][i];
        return (
          rect(x, y, 250, 76, 16, i === 0 ? "#f0fdfa" : "#f8fafc", { stroke: i === 0 ? "#99f6e4" : "#e2e8f0", "stroke-width": 2 }) +
          rect(x + 16, y + 16, 6, 44, 3, c) +
          circle(x + 56, y + 38, 20, c, { opacity: 0.2 }) +
          circle(x + 56, y + 38, 9, c) +
          bars(x + 90, y + 24, [120, 80], { h: 9, gap: 18, fill: "#334155", opacity: 0.45 })
        );
      })
      .join("") +
    // vitals card
    rect(cx0, ty + 440, 710, 220, 20, "#f8fafc", { stroke: "#e2e8f0", "stroke-width": 2 }) +
    bars(cx0 + 24, ty + 466, [110], { h: 10, fill: "#334155", opacity: 0.55 }) +
    pathEl(`${ecg} V${ty + 640} H${tx + 360} Z`, { fill: "url(#ecgFill)" }) +
    pathEl(ecg, { fill: "none", stroke: "#14b8a6", "stroke-width": 5, "stroke-linejoin": "round", "stroke-linecap": "round" }) +
    ring(cx0 + 600, ty + 560, 56, 16, 0.78, "#6366f1", "#e0e7ff") +
    circle(cx0 + 600, ty + 560, 18, "#6366f1", { opacity: 0.15 });

  // Floating heart badge
  const heart = group(
    circle(0, 0, 70, "#ffffff") +
      pathEl("M0,28 C-40,0 -40,-30 -20,-36 C-8,-40 0,-30 0,-22 C0,-30 8,-40 20,-36 C40,-30 40,0 0,28 Z", { fill: "#f43f5e" }),
    { transform: "translate(1410 150)", filter: "url(#shadow)" },
  );

  // Floating message bubble
  const chat = group(
    rect(0, 0, 280, 110, 26, "#ffffff") +
      pathEl("M40,110 l-10,28 l36,-28 z", { fill: "#ffffff" }) +
      circle(50, 55, 26, "#ccfbf1") +
      circle(50, 50, 10, "#14b8a6") +
      pathEl("M34,70 a16,12 0 0 1 32,0", { fill: "#14b8a6" }) +
      bars(94, 36, [150, 100], { h: 10, gap: 22, fill: "#334155", opacity: 0.45 }),
    { transform: "translate(40 790)", filter: "url(#shadow)" },
  );

  // Pill capsules
  const pill = (x, y, rot, a, b) =>
    group(
      rect(-60, -22, 120, 44, 22, a) + pathEl("M0,-22 h38 a22,22 0 0 1 0,44 h-38 z", { fill: b }),
      { transform: `translate(${x} ${y}) rotate(${rot})`, filter: "url(#shadowSm)" },
    );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1380, 820, 280, "#5eead4", { filter: "url(#glow)", opacity: 0.45 }) +
    circle(200, 150, 260, "#93c5fd", { filter: "url(#glow)", opacity: 0.45 }) +
    circle(1450, 500, 90, "none", { stroke: "#14b8a6", "stroke-width": 3, opacity: 0.25 }) +
    dotGrid(90, 120, 5, 6, 28, "#0f766e", 0.18) +
    tablet +
    heart +
    chat +
    pill(1400, 720, -30, "#ffffff", "#14b8a6") +
    pill(190, 330, 25, "#ffffff", "#6366f1");

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 5. Brand identity for a coffee roaster (graphic design)
// ---------------------------------------------------------------------------

function coffeeBrand() {
  const defs =
    commonFilters("#3b2416", 0.25) +
    linear("bg", [[0, "#f6ede2"], [1, "#ead8c3"]]) +
    linear("bag", [[0, "#3b2a20"], [1, "#2a1d16"]], 0, 0, 1, 0) +
    linear("copper", [[0, "#e0945a"], [1, "#b8643a"]]) +
    linear("cup", [[0, "#fbf6ef"], [1, "#e9dccb"]], 0, 0, 1, 0);

  // Abstract logo mark: bean inside concentric circle with rays
  const mark = (cx, cy, r, fg, bg) => {
    const dots = Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      return circle((cx + Math.cos(a) * r * 0.8).toFixed(1), (cy + Math.sin(a) * r * 0.8).toFixed(1), (r * 0.028).toFixed(1), fg);
    }).join("");
    return (
      circle(cx, cy, r, bg) +
      circle(cx, cy, r * 0.95, "none", { stroke: fg, "stroke-width": r * 0.035 }) +
      circle(cx, cy, r * 0.88, "none", { stroke: fg, "stroke-width": r * 0.012 }) +
      dots +
      `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.4}" ry="${r * 0.56}" fill="${fg}" transform="rotate(28 ${cx} ${cy})"/>` +
      pathEl(
        `M${cx - r * 0.02},${cy - r * 0.52} C${cx - r * 0.3},${cy - r * 0.2} ${cx + r * 0.28},${cy + r * 0.18} ${cx + r * 0.02},${cy + r * 0.52}`,
        { fill: "none", stroke: bg, "stroke-width": r * 0.07, "stroke-linecap": "round", transform: `rotate(28 ${cx} ${cy})` },
      )
    );
  };

  // Coffee bag
  const bag = group(
    pathEl("M0,60 L20,0 H300 L320,60 V520 a20,20 0 0 1 -20,20 H20 a20,20 0 0 1 -20,-20 Z", { fill: "url(#bag)" }) +
      rect(20, 0, 280, 22, 4, "#4a362a") +
      pathEl("M30,11 H290", { stroke: "#6b4f3e", "stroke-width": 3, "stroke-dasharray": "8 8" }) +
      rect(40, 150, 240, 300, 14, "#f6ede2") +
      mark(160, 260, 78, "#b8643a", "#f6ede2") +
      rect(95, 364, 130, 12, 6, "#3b2a20", { opacity: 0.8 }) +
      rect(120, 388, 80, 8, 4, "#3b2a20", { opacity: 0.45 }) +
      rect(40, 420, 240, 30, 0, "url(#copper)") +
      pathEl("M160,60 V130", { stroke: "#1c140f", "stroke-width": 3, opacity: 0.4 }),
    { transform: "translate(610 250)", filter: "url(#shadow)" },
  );

  // Takeaway cup
  const cup = group(
    pathEl("M0,0 H220 L196,330 a16,16 0 0 1 -16,14 H40 a16,16 0 0 1 -16,-14 Z", { fill: "url(#cup)" }) +
      rect(-14, -34, 248, 40, 14, "#3b2a20") +
      rect(10, -52, 200, 24, 10, "#4a362a") +
      pathEl("M12,110 H208 L200,230 H20 Z", { fill: "url(#copper)" }) +
      mark(110, 170, 44, "#f6ede2", "#b8643a"),
    { transform: "translate(1030 470)", filter: "url(#shadow)" },
  );

  // Swatches
  const swatches = ["#2a1d16", "#b8643a", "#e0945a", "#7c8b6a", "#f6ede2"]
    .map((c, i) => circle(150 + i * 78, 860, 32, c, { stroke: "#ffffff", "stroke-width": 6, filter: "url(#shadowSm)" }))
    .join("");

  // Business card with pattern
  let waves = "";
  for (let i = 0; i < 7; i++) {
    const y = 34 + i * 24;
    waves += pathEl(`M-10,${y} q30,-14 60,0 t60,0 t60,0 t60,0 t60,0 t60,0`, { fill: "none", stroke: "#e0945a", "stroke-width": 4, opacity: 0.8 });
  }
  const card = group(
    rect(0, 0, 330, 200, 14, "#2a1d16") +
      `<clipPath id="cardClip"><rect x="0" y="0" width="330" height="200" rx="14"/></clipPath>` +
      group(waves, { "clip-path": "url(#cardClip)" }),
    { transform: "translate(130 300) rotate(-8)", filter: "url(#shadow)" },
  );
  const card2 = group(
    rect(0, 0, 330, 200, 14, "#fbf6ef") +
      mark(70, 100, 44, "#2a1d16", "#fbf6ef") +
      bars(140, 70, [150, 110, 130], { h: 10, gap: 24, fill: "#2a1d16", opacity: 0.5 }),
    { transform: "translate(170 520) rotate(4)", filter: "url(#shadow)" },
  );

  // Beans scattered
  const bean = (x, y, rot, s = 1) =>
    group(
      `<ellipse cx="0" cy="0" rx="${16 * s}" ry="${23 * s}" fill="#4a2f20"/>` +
        pathEl(`M0,${-20 * s} C${-10 * s},${-6 * s} ${10 * s},${6 * s} 0,${20 * s}`, { fill: "none", stroke: "#2a1a12", "stroke-width": 3.5 * s, "stroke-linecap": "round" }),
      { transform: `translate(${x} ${y}) rotate(${rot})` },
    );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1300, 180, 300, "#e0945a", { filter: "url(#glow)", opacity: 0.3 }) +
    circle(300, 150, 240, "#ffffff", { filter: "url(#glow)", opacity: 0.5 }) +
    // large mark as background emblem
    group(mark(1290, 250, 150, "#2a1d16", "#f6ede2"), { filter: "url(#shadow)" }) +
    card +
    card2 +
    bag +
    cup +
    swatches +
    bean(1480, 780, 20) +
    bean(1430, 870, -35, 0.9) +
    bean(1520, 900, 60, 0.8) +
    bean(560, 850, -20, 0.8) +
    bean(80, 200, 40, 0.9);

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 6. Video campaign for a sports brand (video editing)
// ---------------------------------------------------------------------------

function sportsVideo() {
  const defs =
    commonFilters("#000000", 0.6) +
    linear("bg", [[0, "#09090b"], [1, "#18181b"]]) +
    linear("frame", [[0, "#0f172a"], [0.55, "#1e1b4b"], [1, "#f97316"]], 0, 0, 0, 1) +
    linear("neon", [[0, "#d9f99d"], [1, "#a3e635"]]) +
    linear("sun", [[0, "#fde047"], [1, "#f97316"]], 0, 0, 0, 1) +
    linear("track", [[0, "#ea580c"], [1, "#7c2d12"]], 0, 0, 0, 1);

  // Editor window
  const ex = 160;
  const ey = 90;
  const ew = 1280;
  const eh = 820;

  // Preview monitor (stylised stadium at dusk with a sprinting figure)
  const vx = ex + 40;
  const vy = ey + 80;
  const vw = 860;
  const vh = 450;
  const clipId = "previewClip";
  const stripes = [0, 1, 2, 3]
    .map((i) => pathEl(`M${vx + 480 + i * 70},${vy + vh} L${vx + 700 + i * 70},${vy} h26 L${vx + 506 + i * 70},${vy + vh} Z`, { fill: "#a3e635", opacity: 0.12 + i * 0.05 }))
    .join("");
  const lanes = [0, 1, 2, 3, 4]
    .map((i) =>
      pathEl(`M${vx - 100 + i * 160},${vy + vh} L${vx + 330 + i * 40},${vy + 300}`, { stroke: "#fff7ed", "stroke-width": 3, opacity: 0.35 }),
    )
    .join("");
  // Athlete silhouette built from simple shapes (dynamic running pose)
  const ax = vx + 420;
  const ay = vy + 130;
  const limb = (d, w) => pathEl(d, { fill: "none", stroke: "#0a0a0a", "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round" });
  const athlete =
    circle(ax + 30, ay, 24, "#0a0a0a") +
    limb(`M${ax + 18},${ay + 30} L${ax - 20},${ay + 130}`, 40) +
    limb(`M${ax + 10},${ay + 50} L${ax + 70},${ay + 90} L${ax + 120},${ay + 60}`, 18) +
    limb(`M${ax + 4},${ay + 50} L${ax - 50},${ay + 70} L${ax - 90},${ay + 30}`, 18) +
    limb(`M${ax - 22},${ay + 130} L${ax + 50},${ay + 170} L${ax + 40},${ay + 250}`, 24) +
    limb(`M${ax - 22},${ay + 130} L${ax - 80},${ay + 200} L${ax - 150},${ay + 180}`, 24) +
    pathEl(`M${ax + 28},${ay + 250} h32 l4,10 h-40 z`, { fill: "#a3e635" }) +
    pathEl(`M${ax - 168},${ay + 170} l-6,18 l24,6 l8,-16 z`, { fill: "#a3e635" });
  const speed = [0, 1, 2, 3]
    .map((i) => rect(ax - 330 - i * 20, ay + 40 + i * 50, 180 - i * 20, 8, 4, "#fff7ed", { opacity: 0.35 - i * 0.05 }))
    .join("");

  const preview =
    `<clipPath id="${clipId}"><rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" rx="14"/></clipPath>` +
    group(
      rect(vx, vy, vw, vh, 0, "url(#frame)") +
        circle(vx + 230, vy + 300, 120, "url(#sun)") +
        pathEl(`M${vx},${vy + 300} H${vx + vw} V${vy + vh} H${vx} Z`, { fill: "url(#track)" }) +
        // stadium lights
        [0, 1, 2].map((i) => circle(vx + 80 + i * 34, vy + 70, 10, "#fef9c3", { opacity: 0.9 })).join("") +
        [0, 1, 2].map((i) => circle(vx + vw - 150 + i * 34, vy + 90, 10, "#fef9c3", { opacity: 0.9 })).join("") +
        lanes +
        stripes +
        speed +
        athlete +
        // letterbox + safe frame
        rect(vx, vy, vw, 36, 0, "#000000", { opacity: 0.55 }) +
        rect(vx, vy + vh - 36, vw, 36, 0, "#000000", { opacity: 0.55 }) +
        rect(vx + 40, vy + 56, vw - 80, vh - 112, 4, "none", { stroke: "#ffffff", "stroke-width": 2, opacity: 0.25, "stroke-dasharray": "12 10" }),
      { "clip-path": `url(#${clipId})` },
    );

  // Inspector panel
  const ix = vx + vw + 30;
  const iw = ex + ew - ix - 40;
  const inspector =
    rect(ix, vy, iw, vh, 14, "#1c1c22") +
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const y = vy + 40 + i * 64;
        const v = [0.7, 0.45, 0.85, 0.3, 0.6, 0.5][i];
        return bars(ix + 24, y, [90], { h: 9, opacity: 0.35 }) + rect(ix + 24, y + 22, iw - 48, 8, 4, "#3f3f46") + rect(ix + 24, y + 22, (iw - 48) * v, 8, 4, i === 2 ? "#a3e635" : "#71717a") + circle(ix + 24 + (iw - 48) * v, y + 26, 10, "#fafafa");
      })
      .join("");

  // Transport controls
  const tcy = vy + vh + 44;
  const controls =
    circle(vx + vw / 2, tcy, 26, "url(#neon)") +
    pathEl(`M${vx + vw / 2 - 8},${tcy - 13} l22,13 l-22,13 z`, { fill: "#0a0a0a" }) +
    pathEl(`M${vx + vw / 2 - 70},${tcy - 10} l-16,10 l16,10 z M${vx + vw / 2 - 88},${tcy - 10} l-16,10 l16,10 z`, { fill: "#a1a1aa" }) +
    pathEl(`M${vx + vw / 2 + 70},${tcy - 10} l16,10 l-16,10 z M${vx + vw / 2 + 88},${tcy - 10} l16,10 l-16,10 z`, { fill: "#a1a1aa" }) +
    bars(vx, tcy - 5, [120], { h: 10, opacity: 0.3 }) +
    bars(vx + vw - 120, tcy - 5, [120], { h: 10, opacity: 0.3 });

  // Timeline
  const tx = ex + 40;
  const ty = tcy + 50;
  const tw = ew - 80;
  const tracks = [
    [[0, 180, "#a3e635"], [190, 140, "#84cc16"], [340, 260, "#a3e635"], [610, 120, "#65a30d"], [740, 200, "#a3e635"], [950, 250, "#84cc16"]],
    [[60, 300, "#f97316"], [370, 210, "#fb923c"], [590, 330, "#f97316"], [930, 200, "#fb923c"]],
  ];
  let timeline = rect(tx, ty, tw, 200, 14, "#141418");
  // ruler ticks
  let ticks = "";
  for (let i = 0; i <= 60; i++) {
    const x = tx + 20 + i * ((tw - 40) / 60);
    ticks += `M${x.toFixed(1)},${ty + 14} v${i % 5 === 0 ? 14 : 7} `;
  }
  timeline += pathEl(ticks, { stroke: "#52525b", "stroke-width": 2 });
  tracks.forEach((clips, r) => {
    clips.forEach(([x, w, c]) => {
      const cx = tx + 20 + x;
      const cy = ty + 42 + r * 50;
      timeline += rect(cx, cy, w, 40, 8, c, { opacity: 0.9 });
      timeline += rect(cx + 10, cy + 12, Math.min(60, w - 20), 16, 4, "#000000", { opacity: 0.2 });
    });
  });
  // audio waveform
  let wave = "";
  const wy = ty + 166;
  for (let i = 0; i < 150; i++) {
    const x = tx + 22 + i * ((tw - 44) / 150);
    const h = 6 + Math.abs(Math.sin(i * 0.37) * Math.cos(i * 0.11)) * 26 + (i % 7 === 0 ? 6 : 0);
    wave += `M${x.toFixed(1)},${(wy - h / 2).toFixed(1)} v${h.toFixed(1)} `;
  }
  timeline += pathEl(wave, { stroke: "#38bdf8", "stroke-width": 3.5, "stroke-linecap": "round", opacity: 0.75 });
  const playX = tx + 20 + 470;
  timeline +=
    pathEl(`M${playX},${ty + 6} V${ty + 194}`, { stroke: "#fafafa", "stroke-width": 3 }) +
    pathEl(`M${playX - 10},${ty + 2} h20 v10 l-10,10 l-10,-10 z`, { fill: "#fafafa" });

  const editor =
    rect(ex, ey, ew, eh, 24, "#0f0f12", { filter: "url(#shadow)", stroke: "#27272a", "stroke-width": 2 }) +
    [0, 1, 2].map((i) => circle(ex + 30 + i * 22, ey + 32, 7, "#3f3f46")).join("") +
    rect(ex + ew / 2 - 120, ey + 22, 240, 20, 10, "#27272a") +
    preview +
    inspector +
    controls +
    timeline;

  // Camera motif floating top-right
  const camera = group(
    rect(0, 30, 230, 150, 26, "#27272a") +
      rect(30, 0, 80, 40, 10, "#27272a") +
      rect(160, 50, 44, 16, 8, "#a3e635") +
      circle(115, 108, 58, "#0a0a0a") +
      circle(115, 108, 44, "#18181b", { stroke: "#3f3f46", "stroke-width": 6 }) +
      circle(115, 108, 22, "#1e1b4b") +
      circle(104, 96, 8, "#ffffff", { opacity: 0.5 }) +
      circle(30, 60, 8, "#ef4444"),
    { transform: "translate(1290 40) rotate(10)", filter: "url(#shadow)" },
  );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    pathEl(`M-100,${H} L500,-100 h120 L20,${H} Z`, { fill: "#a3e635", opacity: 0.08 }) +
    pathEl(`M1300,${H + 100} L1700,300 v90 L1390,${H + 100} Z`, { fill: "#f97316", opacity: 0.12 }) +
    circle(1400, 900, 260, "#a3e635", { filter: "url(#glow)", opacity: 0.18 }) +
    circle(200, 100, 240, "#f97316", { filter: "url(#glow)", opacity: 0.2 }) +
    editor +
    camera;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 7. Digital marketing campaign for a SaaS product
// ---------------------------------------------------------------------------

function saasMarketing() {
  const defs =
    commonFilters("#1e0536", 0.45) +
    linear("bg", [[0, "#1e0b4b"], [0.55, "#4c1d95"], [1, "#9d174d"]]) +
    linear("f1", [[0, "#f472b6"], [1, "#ec4899"]], 0, 0, 1, 0) +
    linear("f2", [[0, "#c084fc"], [1, "#a855f7"]], 0, 0, 1, 0) +
    linear("f3", [[0, "#818cf8"], [1, "#6366f1"]], 0, 0, 1, 0) +
    linear("f4", [[0, "#67e8f9"], [1, "#22d3ee"]], 0, 0, 1, 0) +
    linear("areaG", [[0, "#f472b6", 0.5], [1, "#f472b6", 0]], 0, 0, 0, 1) +
    linear("adImg", [[0, "#fbcfe8"], [1, "#c4b5fd"]]);

  // Funnel (center-left)
  const fx = 560;
  const fy = 230;
  const layers = [
    [420, "url(#f1)"],
    [330, "url(#f2)"],
    [240, "url(#f3)"],
    [150, "url(#f4)"],
  ];
  const funnel = group(
    layers
      .map(([w, fill], i) => {
        const y = fy + i * 130;
        const nw = i < 3 ? layers[i + 1][0] : 110;
        return (
          pathEl(`M${fx - w / 2},${y} H${fx + w / 2} L${fx + nw / 2},${y + 110} H${fx - nw / 2} Z`, { fill }) +
          `<ellipse cx="${fx}" cy="${y}" rx="${w / 2}" ry="18" fill="#ffffff" opacity="0.25"/>`
        );
      })
      .join("") +
      // leads dropping in
      [[-110, -70, 12], [-20, -110, 9], [90, -80, 14], [40, -150, 8], [-70, -160, 10]]
        .map(([dx, dy, r]) => circle(fx + dx, fy + dy, r, "#fde68a", { opacity: 0.9 }))
        .join("") +
      circle(fx, fy + 560, 22, "#fde68a") +
      circle(fx, fy + 560, 36, "none", { stroke: "#fde68a", "stroke-width": 3, opacity: 0.5 }),
    { filter: "url(#shadow)" },
  );

  // Growth chart card (right)
  const gx = 900;
  const gy = 170;
  const gw = 560;
  const gh = 360;
  const pts = [
    [gx + 40, gy + 300], [gx + 110, gy + 280], [gx + 180, gy + 290], [gx + 250, gy + 240],
    [gx + 320, gy + 250], [gx + 390, gy + 180], [gx + 460, gy + 150], [gx + 520, gy + 90],
  ];
  const line = smoothPath(pts);
  const chart = group(
    rect(gx, gy, gw, gh, 26, "#ffffff", { opacity: 0.97 }) +
      bars(gx + 40, gy + 36, [140], { h: 12, fill: "#1e0b4b", opacity: 0.7 }) +
      rect(gx + gw - 130, gy + 30, 90, 28, 14, "#dcfce7") +
      pathEl(`M${gx + gw - 112},${gy + 50} l10,-12 l10,12`, { fill: "none", stroke: "#16a34a", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" }) +
      rect(gx + gw - 92, gy + 40, 36, 8, 4, "#16a34a") +
      [0, 1, 2, 3].map((i) => pathEl(`M${gx + 40},${gy + 120 + i * 60} H${gx + gw - 40}`, { stroke: "#e9d5ff", "stroke-width": 2 })).join("") +
      pathEl(`${line} L${gx + 520},${gy + 320} L${gx + 40},${gy + 320} Z`, { fill: "url(#areaG)" }) +
      pathEl(line, { fill: "none", stroke: "#ec4899", "stroke-width": 6, "stroke-linecap": "round" }) +
      circle(gx + 520, gy + 90, 12, "#ffffff", { stroke: "#ec4899", "stroke-width": 6 }),
    { filter: "url(#shadow)" },
  );

  // Social ad card (bottom-right)
  const ad = group(
    rect(0, 0, 300, 340, 24, "#ffffff") +
      circle(40, 40, 18, "#c084fc") +
      bars(70, 30, [110, 70], { h: 9, gap: 16, fill: "#1e0b4b", opacity: 0.5 }) +
      rect(20, 76, 260, 160, 16, "url(#adImg)") +
      // mini dashboard in ad image
      rect(50, 100, 200, 112, 10, "#ffffff", { opacity: 0.9 }) +
      [40, 64, 52, 86].map((h, i) => rect(72 + i * 42, 196 - h, 26, h, 5, i === 3 ? "#ec4899" : "#c4b5fd")).join("") +
      bars(20, 254, [220, 160], { h: 10, gap: 22, fill: "#1e0b4b", opacity: 0.45 }) +
      rect(20, 296, 120, 30, 15, "#ec4899") +
      pathEl("M232,311 c-8,-10 -22,-4 -16,6 l16,14 l16,-14 c6,-10 -8,-16 -16,-6 z", { fill: "#f43f5e" }),
    { transform: "translate(1000 580) rotate(4)", filter: "url(#shadow)" },
  );

  // Email / notification cards stacked (left)
  const mail = group(
    rect(0, 0, 300, 190, 22, "#ffffff", { opacity: 0.35 }) +
      rect(20, -24, 300, 190, 22, "#ffffff") +
      pathEl("M60,16 h90 v60 h-90 z", { fill: "#f5d0fe" }) +
      pathEl("M60,16 l45,34 l45,-34", { fill: "none", stroke: "#a855f7", "stroke-width": 5, "stroke-linejoin": "round" }) +
      bars(170, 22, [110, 80, 96], { h: 9, gap: 20, fill: "#1e0b4b", opacity: 0.45 }) +
      rect(60, 104, 220, 10, 5, "#ede9fe") +
      rect(60, 104, 150, 10, 5, "#a855f7"),
    { transform: "translate(90 210) rotate(-6)", filter: "url(#shadow)" },
  );

  // Target with arrow (bottom-left)
  const target = group(
    circle(0, 0, 110, "#ffffff") +
      circle(0, 0, 82, "#f472b6") +
      circle(0, 0, 56, "#ffffff") +
      circle(0, 0, 30, "#f472b6") +
      pathEl("M0,0 L120,-110", { stroke: "#1e0b4b", "stroke-width": 8, "stroke-linecap": "round" }) +
      pathEl("M120,-110 l-8,-30 l24,-6 l6,24 z M120,-110 l30,8 l6,-24 l-24,-6 z", { fill: "#fde68a" }),
    { transform: "translate(250 740)", filter: "url(#shadow)" },
  );

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1300, 120, 300, "#ec4899", { filter: "url(#glow)", opacity: 0.45 }) +
    circle(260, 200, 280, "#6366f1", { filter: "url(#glow)", opacity: 0.45 }) +
    circle(560, 520, 390, "none", { stroke: "#ffffff", "stroke-width": 2, opacity: 0.07 }) +
    circle(560, 520, 300, "none", { stroke: "#ffffff", "stroke-width": 2, opacity: 0.07 }) +
    dotGrid(760, 820, 6, 4, 28, "#ffffff", 0.18) +
    mail +
    target +
    funnel +
    chart +
    ad;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// 8. Online education platform
// ---------------------------------------------------------------------------

function education() {
  const defs =
    commonFilters("#0b0a2b", 0.5) +
    linear("bg", [[0, "#1e1b4b"], [0.6, "#312e81"], [1, "#3730a3"]]) +
    linear("screen", [[0, "#f8fafc"], [1, "#eef2ff"]], 0, 0, 0, 1) +
    linear("video", [[0, "#6366f1"], [1, "#8b5cf6"]]) +
    linear("base", [[0, "#cbd5e1"], [1, "#94a3b8"]], 0, 0, 0, 1) +
    linear("gold", [[0, "#fde047"], [1, "#f59e0b"]]);

  const lx = 330;
  const ly = 150;
  const lw = 940;
  const lh = 590;

  const courses = [
    ["#fef3c7", "#f59e0b", 0.8],
    ["#dcfce7", "#22c55e", 0.45],
    ["#fce7f3", "#ec4899", 0.6],
  ]
    .map(([bg, fg, p], i) => {
      const x = lx + 60 + i * 200;
      const y = ly + 400;
      return (
        rect(x, y, 180, 140, 14, "#ffffff", { stroke: "#e2e8f0", "stroke-width": 2 }) +
        rect(x + 12, y + 12, 156, 60, 10, bg) +
        circle(x + 90, y + 42, 18, fg, { opacity: 0.85 }) +
        bars(x + 14, y + 86, [120], { h: 9, fill: "#1e1b4b", opacity: 0.5 }) +
        rect(x + 14, y + 112, 152, 8, 4, "#e2e8f0") +
        rect(x + 14, y + 112, 152 * p, 8, 4, fg)
      );
    })
    .join("");

  const laptop =
    // lid
    rect(lx, ly, lw, lh, 30, "#1e1b4b", { filter: "url(#shadow)", stroke: "#4338ca", "stroke-width": 3 }) +
    rect(lx + 24, ly + 24, lw - 48, lh - 48, 14, "url(#screen)") +
    circle(lx + lw / 2, ly + 12, 4, "#6366f1") +
    // top bar
    rect(lx + 60, ly + 56, 40, 40, 12, "url(#video)") +
    bars(lx + 120, ly + 70, [140], { h: 12, fill: "#1e1b4b", opacity: 0.6 }) +
    circle(lx + lw - 90, ly + 76, 20, "#fde68a") +
    rect(lx + lw - 250, ly + 64, 130, 24, 12, "#e0e7ff") +
    // video player
    rect(lx + 60, ly + 120, 580, 260, 18, "url(#video)") +
    circle(lx + 520, ly + 170, 120, "#ffffff", { opacity: 0.08 }) +
    pathEl(`M${lx + 60},${ly + 330} L${lx + 220},${ly + 230} L${lx + 330},${ly + 300} L${lx + 430},${ly + 210} L${lx + 640},${ly + 350} V${ly + 362} a18,18 0 0 1 -18,18 H${lx + 78} a18,18 0 0 1 -18,-18 Z`, {
      fill: "#ffffff",
      opacity: 0.14,
    }) +
    circle(lx + 350, ly + 240, 46, "#ffffff", { opacity: 0.95 }) +
    pathEl(`M${lx + 338},${ly + 218} l36,22 l-36,22 z`, { fill: "#6366f1" }) +
    rect(lx + 90, ly + 350, 520, 8, 4, "#ffffff", { opacity: 0.3 }) +
    rect(lx + 90, ly + 350, 220, 8, 4, "#fde047") +
    circle(lx + 310, ly + 354, 10, "#ffffff") +
    // lesson list
    rect(lx + 670, ly + 120, 210, 420, 16, "#ffffff", { stroke: "#e2e8f0", "stroke-width": 2 }) +
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const y = ly + 146 + i * 64;
        const done = i < 3;
        return (
          circle(lx + 702, y + 16, 14, done ? "#22c55e" : i === 3 ? "#6366f1" : "#e2e8f0") +
          (done
            ? pathEl(`M${lx + 695},${y + 16} l5,5 l9,-10`, { fill: "none", stroke: "#ffffff", "stroke-width": 3.5, "stroke-linecap": "round", "stroke-linejoin": "round" })
            : "") +
          bars(lx + 728, y + 4, [120, 80], { h: 8, gap: 16, fill: "#1e1b4b", opacity: i === 3 ? 0.6 : 0.35 })
        );
      })
      .join("") +
    courses +
    // base
    pathEl(`M${lx - 90},${ly + lh + 6} H${lx + lw + 90} L${lx + lw + 50},${ly + lh + 46} H${lx - 50} Z`, { fill: "url(#base)", filter: "url(#shadow)" }) +
    rect(lx + lw / 2 - 90, ly + lh + 6, 180, 12, 6, "#64748b", { opacity: 0.5 });

  // Graduation cap (top-left)
  const cap = group(
    pathEl("M0,60 L150,0 L300,60 L150,120 Z", { fill: "#0f0e2e" }) +
      pathEl("M60,88 V150 c0,30 180,30 180,0 V88 L150,124 Z", { fill: "#1e1b4b" }) +
      pathEl("M150,60 L260,84 V160", { fill: "none", stroke: "url(#gold)", "stroke-width": 6, "stroke-linecap": "round" }) +
      circle(260, 170, 14, "url(#gold)") +
      circle(150, 60, 10, "url(#gold)"),
    { transform: "translate(90 110) rotate(-10)", filter: "url(#shadow)" },
  );

  // Progress card (right)
  const progress = group(
    rect(0, 0, 250, 260, 24, "#ffffff") +
      ring(125, 110, 66, 18, 0.72, "#6366f1", "#e0e7ff") +
      ring(125, 110, 40, 12, 0.5, "#f59e0b", "#fef3c7") +
      bars(55, 206, [140, 90], { h: 9, gap: 18, fill: "#1e1b4b", opacity: 0.45 }),
    { transform: "translate(1250 120) rotate(5)", filter: "url(#shadow)" },
  );

  // Quiz card (bottom-left)
  const quiz = group(
    rect(0, 0, 280, 220, 24, "#ffffff") +
      bars(24, 28, [200, 140], { h: 10, gap: 20, fill: "#1e1b4b", opacity: 0.55 }) +
      [0, 1, 2]
        .map((i) => {
          const y = 90 + i * 40;
          const ok = i === 1;
          return (
            rect(24, y, 232, 30, 10, ok ? "#dcfce7" : "#f1f5f9") +
            circle(42, y + 15, 8, ok ? "#22c55e" : "#cbd5e1") +
            bars(60, y + 10, [[120, 150, 100][i]], { h: 9, fill: "#1e1b4b", opacity: 0.35 })
          );
        })
        .join(""),
    { transform: "translate(70 620) rotate(-5)", filter: "url(#shadow)" },
  );

  // Books stack (bottom-right)
  const books = group(
    rect(0, 100, 230, 44, 8, "#f59e0b") +
      rect(200, 108, 12, 28, 4, "#fde68a") +
      rect(20, 56, 200, 44, 8, "#ec4899") +
      rect(40, 64, 12, 28, 4, "#fbcfe8") +
      rect(10, 12, 210, 44, 8, "#22c55e") +
      rect(184, 20, 12, 28, 4, "#bbf7d0"),
    { transform: "translate(1290 760) rotate(-4)", filter: "url(#shadow)" },
  );

  // Stars
  const star = (x, y, r, fill, op) => {
    const p = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 === 0 ? r : r * 0.45;
      p.push(`${(x + Math.cos(a) * rr).toFixed(1)},${(y + Math.sin(a) * rr).toFixed(1)}`);
    }
    return `<polygon points="${p.join(" ")}" fill="${fill}" opacity="${op}"/>`;
  };

  const body =
    rect(0, 0, W, H, 0, "url(#bg)") +
    circle(1300, 800, 300, "#8b5cf6", { filter: "url(#glow)", opacity: 0.45 }) +
    circle(250, 200, 260, "#f59e0b", { filter: "url(#glow)", opacity: 0.22 }) +
    dotGrid(1360, 460, 6, 5, 28, "#ffffff", 0.15) +
    star(1200, 80, 18, "#fde047", 0.9) +
    star(240, 520, 14, "#fde047", 0.7) +
    star(1510, 620, 10, "#ffffff", 0.5) +
    star(660, 930, 12, "#ffffff", 0.4) +
    laptop +
    cap +
    progress +
    quiz +
    books;

  return svgDoc(defs, body);
}

// ---------------------------------------------------------------------------
// Slugs (must match app/content/demo-case-studies.ts)
// ---------------------------------------------------------------------------

const ILLUSTRATIONS = {
  "tallybridge-mobile-banking-app": fintech,
  "hearth-and-harrow-ecommerce-rebuild": ecommerce,
  "corridor-freight-dispatch-platform": logistics,
  "alderbrook-patient-portal": healthcare,
  "kilnworth-coffee-brand-identity": coffeeBrand,
  "stridewell-night-run-campaign": sportsVideo,
  "quillstack-growth-campaign": saasMarketing,
  "lanternhill-learning-platform": education,
};

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const report = [];
  let failed = false;

  for (const [slug, draw] of Object.entries(ILLUSTRATIONS)) {
    const svg = Buffer.from(draw());
    // Render once at full size; smaller versions are downscaled from it.
    const master = await sharp(svg, { density: 72 }).resize(W, H).png().toBuffer();
    for (const width of WIDTHS) {
      const height = Math.round((width * 10) / 16);
      const file = path.join(OUT_DIR, `${slug}-${width}.webp`);
      const data = await sharp(master)
        .resize(width, height, { kernel: "lanczos3" })
        .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
        .toBuffer();
      await writeFile(file, data);
      report.push({ file: path.relative(ROOT, file), width, height, kb: +(data.length / 1024).toFixed(1) });
      if (width === 1600 && data.length > MAX_1600_BYTES) {
        failed = true;
        console.error(`!! ${slug}-1600.webp is ${(data.length / 1024).toFixed(1)} KB (limit 80 KB)`);
      }
    }
  }

  console.table(report);
  const total = report.reduce((sum, r) => sum + r.kb, 0);
  console.log(`Wrote ${report.length} files to ${path.relative(ROOT, OUT_DIR)} (${total.toFixed(1)} KB total).`);
  if (failed) process.exitCode = 1;
}

await main();
