// `npm run bench:lighthouse`: Lighthouse (mobile) on the public pages of a freshly started server, and the
// JavaScript the home page ships. Prints figures; it is a measurement, not a test.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, chromiumPath, startBenchServer, startStockRemix } from "./bench-server.mjs";

// chrome-launcher's own flags, but with RenderDocument left on, as Chromium ships it: chrome-launcher turns it off,
// and then this Chromium (150) holds the first paint of a page with a web font until 1.3 or 2.3 s, blank, after
// everything has loaded, which Lantern counts into every paint (decision 0060). BENCH_LAUNCHER_FLAGS=as-is keeps them.
const launcherFlags = chromeLauncher.Launcher.defaultFlags().map((flag) =>
  flag.startsWith("--disable-features=") && process.env.BENCH_LAUNCHER_FLAGS !== "as-is"
    ? `--disable-features=${flag
        .slice("--disable-features=".length)
        .split(",")
        .filter((feature) => feature !== "RenderDocument")
        .join(",")}`
    : flag,
);
const chromeFlags = [...launcherFlags, "--headless=new", "--disable-dev-shm-usage", ...chromiumArgs];
// The flags above already hold chrome-launcher's own, so it must not add them again.
const launchChromium = () => chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags, ignoreDefaultFlags: true });

/**
 * The CPU slowdown Lighthouse's documentation advises for a host of this `benchmarkIndex` so that the run stands for
 * its mid-tier phone (docs/throttling.md, "Calibrating the CPU slowdown": the calculator's formula). The default 4×
 * assumes a host of about 1 500; on a slower one, 4× stands for a slower phone than Lighthouse means.
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

// BENCH_CPU_SLOWDOWN=<n> or "calibrated" (from this host's benchmarkIndex, measured first): instead of the default 4×.
async function cpuSlowdown(port, url) {
  const asked = process.env.BENCH_CPU_SLOWDOWN;
  if (!asked) return { multiplier: 4, note: "4× CPU (Lighthouse's default)" };
  if (asked !== "calibrated") return { multiplier: Number(asked), note: `${asked}× CPU (BENCH_CPU_SLOWDOWN)` };
  const indexes = [];
  for (let run = 0; run < 3; run++) {
    const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    indexes.push(lhr.environment.benchmarkIndex);
  }
  const index = indexes.sort((a, b) => a - b)[1];
  const multiplier = Number(calibratedSlowdown(index).toFixed(2));
  return {
    multiplier,
    note: `${multiplier}× CPU, calibrated to this host's benchmarkIndex ${Math.round(index)} (runs: ${indexes.map(Math.round).join(", ")})`,
  };
}

const scoredMetrics = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
];

/** Lighthouse's mobile network (slow 4G) with the CPU slowdown chosen above. */
const throttlingWith = (multiplier) => ({ ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier });

// Lighthouse varies from run to run; as its documentation advises, each page is measured several times
// and the median run (by FCP and TTI) is reported, with the range of performance scores beside it.
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);

// The admin the benches sign in as to publish a typeface: a fresh bench server's, or one started with these as
// ADMIN_EMAIL and ADMIN_PASSWORD.
const admin = { email: "bench@studio.test", password: "bench-password-1" };

// BENCH_COMPARE=<url A>,<url B>[,<url C>…]: two or more running servers (say, one build with a change and one without),
// measured turn about (A, B, A, B...), so that whatever else the machine does weighs on all alike; prints the median
// performance score, TBT, FCP and LCP of each per page, and exits. The throttling is applied during the load
// (DevTools) unless BENCH_THROTTLING=simulate (Lighthouse's default, what the score of the main table uses).
if (process.env.BENCH_COMPARE) {
  const bases = process.env.BENCH_COMPARE.split(",").map((url) => url.trim().replace(/\/$/, ""));
  // Each server has its own data: "a case study" is the first one each lists. BENCH_PAGES picks some pages only.
  const studyOf = async (base) => /href="(\/case-studies\/(?!\?)[^"?#]+)"/.exec(await (await fetch(`${base}/case-studies`)).text())?.[1];
  // BENCH_COMPARE_FONT=<url>=<font>,…: that server's typeface is published first, to compare an older build in the
  // font the site now has; the font changes Lighthouse's paints more than most changes do (decision 0060).
  for (const pair of (process.env.BENCH_COMPARE_FONT ?? "").split(",").filter(Boolean)) {
    const at = pair.lastIndexOf("=");
    await publishFont(pair.slice(0, at).replace(/\/$/, ""), pair.slice(at + 1));
  }
  const studies = await Promise.all(bases.map(studyOf));
  const allPages = [
    "/",
    "/services",
    "/about",
    "/case-studies",
    "/contact",
    "/privacy",
    ...(studies.every(Boolean) ? ["a case study"] : []),
  ];
  const throttlingMethod = process.env.BENCH_THROTTLING === "simulate" ? "simulate" : "devtools";
  const comparePages = process.env.BENCH_PAGES ? allPages.filter((page) => process.env.BENCH_PAGES.split(",").includes(page)) : allPages;
  const pathOn = (page, index) => (page === "a case study" ? studies[index] : page);
  for (let round = 0; round < 3; round++) {
    for (const [index, base] of bases.entries())
      for (const page of comparePages) await (await fetch(`${base}${pathOn(page, index)}`)).arrayBuffer();
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
  };
  const chrome = await launchChromium();
  const table = [];
  let slowdown;
  try {
    slowdown = await cpuSlowdown(chrome.port, `${bases[0]}/`);
    for (const page of comparePages) {
      const paints = bases.map(() => ({ score: [], tbt: [], fcp: [], lcp: [] }));
      for (let run = 0; run < runs; run++) {
        for (const [index, base] of bases.entries()) {
          const { lhr } = await lighthouse(`${base}${pathOn(page, index)}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            // The five metrics the score is made of, and no other audit: the same score in half the time, so more runs.
            onlyAudits: scoredMetrics,
            throttlingMethod,
            throttling: throttlingWith(slowdown.multiplier),
          });
          paints[index].score.push(Math.round(lhr.categories.performance.score * 100));
          paints[index].tbt.push(lhr.audits["total-blocking-time"].numericValue);
          paints[index].fcp.push(lhr.audits["first-contentful-paint"].numericValue);
          paints[index].lcp.push(lhr.audits["largest-contentful-paint"].numericValue);
        }
      }
      const row = { page };
      for (const [index, { score, tbt, fcp, lcp }] of paints.entries()) {
        const name = String.fromCharCode(65 + index);
        row[`${name} score`] = median(score);
        row[`${name} TBT ms`] = median(tbt);
        row[`${name} FCP ms`] = median(fcp);
        row[`${name} LCP ms`] = median(lcp);
        row[`${name} scores`] = score.join(" ");
      }
      table.push(row);
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `${throttlingMethod === "simulate" ? "Simulated" : "DevTools"} throttling (slow 4G, ${slowdown.note}), median of ${runs} runs each, taken turn about; ${bases.map((base, index) => `${String.fromCharCode(65 + index)} = ${base}`).join(", ")}`,
  );
  console.table(table);
  process.exit(0);
}

// BENCH_FONT=inter (any id of app/lib/fonts.ts): the brand's typeface is set to it and published before measuring.
const server = await startBenchServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
if (process.env.BENCH_FONT) await publishFont(server.base, process.env.BENCH_FONT);
const allPages = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"];
const list = await (await fetch(`${server.base}/case-studies`)).text();
const study = /href="(\/case-studies\/(?!\?)[^"?#]+)"/.exec(list)?.[1];
if (study) allPages.push(study);
const pages = process.env.BENCH_PAGES
  ? allPages.filter((page) => process.env.BENCH_PAGES.split(",").includes(page === study ? "a case study" : page))
  : allPages;

async function publishFont(base, font) {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(admin),
  });
  const auth = { Authorization: `Bearer ${(await login.json()).token}`, "Content-Type": "application/json" };
  const brand = await (await fetch(`${base}/api/content/brand`, { headers: auth })).json();
  const saved = await fetch(`${base}/api/content/brand`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify({ content: { ...brand.published, font }, publish: true }),
  });
  if (!saved.ok) throw new Error(`Setting the font failed: ${saved.status} ${await saved.text()}`);
  console.log(`Brand font set to ${font}.`);
}

// A freshly started server answers its first requests slowly (JIT, first queries); Lighthouse takes that
// server time into its simulation, so each page is requested a few times first, as on a live site.
for (let round = 0; round < 3; round++) {
  for (const page of pages) await (await fetch(`${server.base}${page}`)).arrayBuffer();
}

const chrome = await launchChromium();
const rows = [];
const appliedRows = [];
let homeScriptBytes = null;
let slowdown;
const benchmarkIndexes = [];

/** One page: the median of `runs` Lighthouse runs (simulated throttling) and one with the throttling applied. */
async function measure(page, url) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      throttling: throttlingWith(slowdown.multiplier),
    });
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    results.push(lhr);
  }
  const lhr = computeMedianRun(results);
  const score = (id, result = lhr) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const performances = results.map((result) => score("performance", result));
  rows.push({
    page,
    performance: score("performance"),
    "perf. range": `${Math.min(...performances)}–${Math.max(...performances)}`,
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    "LCP ms": Math.round(audit("largest-contentful-paint")),
    CLS: Number(audit("cumulative-layout-shift").toFixed(3)),
    "TBT ms": Math.round(audit("total-blocking-time")),
  });
  // The same slow-4G phone with the throttling applied while the page loads (DevTools), instead of
  // simulated from a trace recorded at full speed: a second opinion on the paint timings.
  const applied = (
    await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttlingMethod: "devtools",
      throttling: throttlingWith(slowdown.multiplier),
    })
  ).lhr;
  appliedRows.push({
    page,
    performance: score("performance", applied),
    "FCP ms": Math.round(applied.audits["first-contentful-paint"].numericValue),
    "LCP ms": Math.round(applied.audits["largest-contentful-paint"].numericValue),
    "SI ms": Math.round(applied.audits["speed-index"].numericValue),
    // Not scored since Lighthouse 10; printed to show when the page's JavaScript has taken over.
    "TTI ms": Math.round(applied.audits.interactive.numericValue),
  });
  return lhr;
}

// Stock Remix (scripts/stock-remix, as bench:pages serves it) is measured in the same run, after this site's pages,
// as the framework's own floor on this host; BENCH_STOCK=0 leaves it out.
let stock = null;
try {
  slowdown = await cpuSlowdown(chrome.port, `${server.base}/`);
  for (const page of pages) {
    const lhr = await measure(page, `${server.base}${page}`);
    if (page === "/") {
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      homeScriptBytes = requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    }
  }
  if (process.env.BENCH_STOCK !== "0") {
    stock = await startStockRemix();
    for (let round = 0; round < 3; round++) for (const page of ["/", "/about"]) await (await fetch(`${stock.base}${page}`)).arrayBuffer();
    for (const page of ["/", "/about"]) await measure(`stock Remix ${page}`, `${stock.base}${page}`);
  }
} finally {
  await chrome.kill();
  server.stop();
  stock?.stop();
}

const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b);
const medianIndex = Math.round(sortedIndexes[Math.floor(sortedIndexes.length / 2)] ?? NaN);
console.log(
  `Lighthouse, mobile form factor, slow 4G and ${slowdown.note} (scores out of 100; median of ${runs} runs per page). ` +
    `This host's benchmarkIndex: median ${medianIndex} (${Math.round(sortedIndexes[0])}–${Math.round(sortedIndexes.at(-1))}); ` +
    `Lighthouse's calculator advises ${calibratedSlowdown(medianIndex).toFixed(1)}× for it.`,
);
console.table(rows);
console.log("The same phone with the throttling applied during the load (DevTools throttling, one run per page):");
console.table(appliedRows);
if (homeScriptBytes !== null)
  console.log(`JavaScript shipped on the home page: ${(homeScriptBytes / 1024).toFixed(1)} KB gzipped (transfer size)`);
const failing = rows
  .filter((row) => !row.page.startsWith("stock Remix"))
  .filter((row) => row.performance < 100 || row.accessibility < 100 || row["best-practices"] < 100 || row.seo < 100 || row.CLS > 0);
console.log(
  failing.length
    ? `Below target (100 everywhere, CLS 0): ${failing.map((row) => row.page).join(", ")}`
    : "All pages at target: 100 in all four categories, CLS 0.",
);
process.exit(0);
