// `npm run bench:main-thread`: the renderer main thread's work while each public page loads, beside stock Remix,
// from a Chromium trace. It counts each task's thread time (CPU), not its wall time, so what else the machine runs
// weighs far less than on Lighthouse's figures (decision 0045). Blocking: the part of each task after first
// contentful paint beyond 50 ms once multiplied by 4 (Lighthouse's phone), summed. Prints figures; not a test.
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

const server = await startBenchServer();
const stock = await startStockRemix();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const list = await (await fetch(`${server.base}/case-studies`)).text();
  const study = /href="(\/case-studies\/(?!\?)[^"?#]+)"/.exec(list)?.[1];
  const pages = [
    ...["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"].map((path) => [
      path,
      server.base + path,
    ]),
    ...(study ? [[study, server.base + study]] : []),
    ["stock Remix /", `${stock.base}/`],
    ["stock Remix /about", `${stock.base}/about`],
  ];
  const rows = [];
  for (const [name, url] of pages) {
    await measure(browser, url);
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, url));
    rows.push({
      page: name,
      "blocking ms (×4)": Math.round(median(samples.map((sample) => sample.blocking))),
      "blocking range": `${Math.round(Math.min(...samples.map((s) => s.blocking)))}–${Math.round(Math.max(...samples.map((s) => s.blocking)))}`,
      "main-thread CPU ms": Math.round(median(samples.map((sample) => sample.cpu))),
      "longest task ms": Number(median(samples.map((sample) => sample.longest)).toFixed(1)),
    });
  }
  console.log(`Renderer main thread, thread time (median of ${runs} loads per page, 412 × 823, no throttling):`);
  console.table(rows);
} finally {
  await browser.close();
  server.stop();
  stock.stop();
}
