// `npm run bench:pages`: requests a second that the built server answers for `/` and `/about` (BENCH_PATHS), with
// BENCH_CONCURRENCY (8) requests at once over kept-alive connections for BENCH_SECONDS (5) per measure, gzip
// accepted as a browser would. With BENCH_BASELINE_DIR (another checkout, built into its BUILD_DIR, e.g. main's
// commit; its build folder BENCH_BASELINE_BUILD_DIR) its server is measured in the same run, in turns with this one, so a busy machine weighs on both alike;
// BENCH_ROUNDS (3) turns, then the median of each. Stock Remix (scripts/stock-remix: the template's shape, pages of
// a similar weight) is always measured in the same turns, so the figures read against the framework on this
// machine at this moment. Prints figures; not a test.
import http from "node:http";
import path from "node:path";
import { startBenchServer, startStockRemix } from "./bench-server.mjs";

const paths = (process.env.BENCH_PATHS ?? "/,/about").split(",");
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baselineDir = process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : null;

function get(agent, url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { "Accept-Encoding": "gzip", Accept: "text/html" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The size of one answer, uncompressed. */
async function sizes(url) {
  const plain = (await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer()).byteLength;
  return `${(plain / 1024).toFixed(1)} KB`;
}

/** Requests answered 200 per second, and any other answers. */
async function measure(base, pathname, ms) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = base + pathname;
  const deadline = Date.now() + ms;
  let ok = 0;
  let other = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        if ((await get(agent, url)) === 200) ok++;
        else other++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: ok / elapsed, other };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const servers = [{ name: "this checkout", ...(await startBenchServer()) }];
if (baselineDir) {
  const { startBenchServer: startBaseline } = await import(path.join(baselineDir, "scripts/bench-server.mjs"));
  // Its own build folder: BENCH_BASELINE_BUILD_DIR, else "build".
  const ownBuild = process.env.BUILD_DIR;
  process.env.BUILD_DIR = process.env.BENCH_BASELINE_BUILD_DIR ?? "build";
  try {
    servers.push({ name: "baseline", ...(await startBaseline()) });
  } finally {
    if (ownBuild === undefined) delete process.env.BUILD_DIR;
    else process.env.BUILD_DIR = ownBuild;
  }
}
servers.push({ name: "stock Remix", ...(await startStockRemix()) });
const pathFor = (server, pathname) => (server.name === "stock Remix" ? (pathname === "/" ? "/" : "/about") : pathname);
try {
  for (const server of servers)
    for (const pathname of paths)
      console.log(`${server.name} ${pathname}: ${await sizes(server.base + pathFor(server, pathname))} of HTML`);
  const results = new Map();
  for (const server of servers) for (const pathname of paths) await measure(server.base, pathFor(server, pathname), 1_000);
  for (let round = 0; round < rounds; round++) {
    // Turns alternate which server goes first, so neither always meets the machine warmer.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const pathname of paths) {
      for (const server of order) {
        const { rps, other } = await measure(server.base, pathFor(server, pathname), seconds * 1_000);
        const key = `${server.name} ${pathname}`;
        results.set(key, [...(results.get(key) ?? []), rps]);
        console.log(`round ${round + 1}: ${key}: ${rps.toFixed(0)} requests/s${other ? `, ${other} answers not 200` : ""}`);
      }
    }
  }
  console.log(`\nmedian of ${rounds} (${concurrency} at once, ${seconds} s each):`);
  for (const pathname of paths) {
    const of = (name) => median(results.get(`${name} ${pathname}`) ?? [NaN]);
    const own = of("this checkout");
    const baseline = baselineDir ? of("baseline") : null;
    const stock = of("stock Remix");
    const percent = (a, b) => `${a >= b ? "+" : ""}${((a / b - 1) * 100).toFixed(1)} %`;
    console.log(
      `  ${pathname}: ${own.toFixed(0)} requests/s` +
        (baseline ? `; baseline ${baseline.toFixed(0)} (this checkout ${percent(own, baseline)})` : "") +
        `; stock Remix ${stock.toFixed(0)} (this checkout at ${((own / stock) * 100).toFixed(0)} %` +
        (baseline ? `, baseline at ${((baseline / stock) * 100).toFixed(0)} %)` : ")"),
    );
  }
} finally {
  for (const server of servers) server.stop();
}
