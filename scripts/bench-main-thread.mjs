// `npm run bench:main-thread`: the renderer main thread's work while each public page loads, beside stock Remix,
// from a Chromium trace. It counts each task's thread time (CPU), not its wall time, so what else the machine runs
// weighs far less than on Lighthouse's figures (decision 0045). Blocking: the part of each task after first
// contentful paint beyond 50 ms once multiplied by 4 (Lighthouse's phone), summed. Prints figures; not a test.
// BENCH_PAGES=/,/services,"a case study" measures some pages only; BENCH_STOCK=0 leaves stock Remix out.
// BENCH_COMPARE=<url A>,<url B>: two running servers (a build with a change and one without), each page loaded on
// them turn about, so that the machine's load weighs on both alike; prints A's and B's figures side by side.
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath, startBenchServer, startStockRemix } from "./bench-server.mjs";

const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
const CPU_SLOWDOWN = 4;

/** One load: every main-thread task's thread time, the blocking part after first contentful paint, the longest. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    traceConfig: {
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "loading"],
    },
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(2500);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();
  const parser = events.find((event) => event.name === "ParseHTML" && event.ph === "X");
  const main = events.filter((event) => event.pid === parser.pid && event.tid === parser.tid);
  const tasks = main.filter((event) => event.name === "RunTask" && event.ph === "X" && event.tdur);
  const fcp = main.find((event) => event.name === "firstContentfulPaint")?.ts ?? 0;
  let cpu = 0;
  let blocking = 0;
  let longest = 0;
  for (const task of tasks) {
    const ms = task.tdur / 1000;
    cpu += ms;
    if (task.ts >= fcp) blocking += Math.max(0, ms * CPU_SLOWDOWN - 50);
    longest = Math.max(longest, ms);
  }
  return { blocking, cpu, longest };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const row = (page, samples) => ({
  page,
  "blocking ms (×4)": Math.round(median(samples.map((sample) => sample.blocking))),
  "blocking range": `${Math.round(Math.min(...samples.map((s) => s.blocking)))}–${Math.round(Math.max(...samples.map((s) => s.blocking)))}`,
  "main-thread CPU ms": Math.round(median(samples.map((sample) => sample.cpu))),
  "longest task ms": Number(median(samples.map((sample) => sample.longest)).toFixed(1)),
});

const pagesAsked = (name) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(name);
const studyOf = async (base) => /href="(\/case-studies\/(?!\?)[^"?#]+)"/.exec(await (await fetch(`${base}/case-studies`)).text())?.[1];

if (process.env.BENCH_COMPARE) {
  const bases = process.env.BENCH_COMPARE.split(",").map((url) => url.trim().replace(/\/$/, ""));
  const studies = await Promise.all(bases.map(studyOf));
  const names = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer", "a case study"];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows = [];
  try {
    for (const name of names.filter(pagesAsked)) {
      const urls = bases.map((base, index) => base + (name === "a case study" ? studies[index] : name));
      for (const url of urls) await measure(browser, url);
      const samples = bases.map(() => []);
      for (let run = 0; run < runs; run++) for (const [index, url] of urls.entries()) samples[index].push(await measure(browser, url));
      for (const [index] of bases.entries()) rows.push(row(`${String.fromCharCode(65 + index)} ${name}`, samples[index]));
    }
  } finally {
    await browser.close();
  }
  console.log(
    `Renderer main thread, thread time (median of ${runs} loads per page, turn about; ${bases.map((base, index) => `${String.fromCharCode(65 + index)} = ${base}`).join(", ")}):`,
  );
  console.table(rows);
  process.exit(0);
}

const server = await startBenchServer();
const stock = process.env.BENCH_STOCK === "0" ? null : await startStockRemix();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const study = await studyOf(server.base);
  const pages = [
    ...["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"].map((path) => [
      path,
      server.base + path,
    ]),
    ...(study ? [["a case study", server.base + study]] : []),
    ...(stock
      ? [
          ["stock Remix /", `${stock.base}/`],
          ["stock Remix /about", `${stock.base}/about`],
        ]
      : []),
  ].filter(([name]) => name.startsWith("stock") || pagesAsked(name));
  const rows = [];
  for (const [name, url] of pages) {
    await measure(browser, url);
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, url));
    rows.push(row(name, samples));
  }
  console.log(`Renderer main thread, thread time (median of ${runs} loads per page, 412 × 823, no throttling):`);
  console.table(rows);
} finally {
  await browser.close();
  server.stop();
  stock?.stop();
}
