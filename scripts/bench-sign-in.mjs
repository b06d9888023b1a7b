// `npm run bench:sign-in`: how much wrong sign-ins slow the rest of the site. Builds if stale, starts the
// built server on the embedded engine, measures /robots.txt and / alone, then while waves of 16 simultaneous
// wrong sign-ins (POST /login) keep coming, then while as many waves of 16 simultaneous GET /login come (a
// control: the same requests without a password check), and prints the figures. A measurement, not a test.
//
// Each sign-in has its own email and X-Forwarded-For address, so no rate limit refuses it before bcrypt.
// BENCH_URL measures a server that is already running instead (with TRUST_PROXY=1).
// BENCH_CONCURRENCY (16), BENCH_SECONDS (8) and BENCH_SAMPLES (100) change the load and the idle samples.
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { startBenchServer } from "./bench-server.mjs";

const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY) || 16);
const loadSeconds = Math.max(1, Number(process.env.BENCH_SECONDS) || 8);
const idleSamples = Math.max(10, Number(process.env.BENCH_SAMPLES) || 100);

const startServer = () =>
  startBenchServer({
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    TRUST_PROXY: "1",
    ADMIN_EMAIL: "bench-admin@studio.test",
    ADMIN_PASSWORD: "the-right-password",
  });

const percentile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN;
const round = (ms) => (Number.isFinite(ms) ? Math.round(ms * 10) / 10 : "–");

function summary(what, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    what,
    n: sorted.length,
    "p50 ms": round(percentile(sorted, 0.5)),
    "p99 ms": round(percentile(sorted, 0.99)),
    "max ms": round(sorted.at(-1)),
  };
}

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function probe(base, path, { count = Infinity, until = () => false, pauseMs = 0 } = {}) {
  const samples = [];
  while (samples.length < count && !until()) {
    const { status, ms } = await timed(`${base}${path}`);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    samples.push(ms);
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return samples;
}

let signInSeq = 0;
function wrongSignIn(base) {
  const n = ++signInSeq;
  // 10.x.y.z: a distinct client address for every attempt, as the proxy would append it.
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return timed(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams({ email: `bench-${process.pid}-${n}@studio.test`, password: "not-the-password" }),
    redirect: "manual",
  });
}

function pageOfLogin(base) {
  const n = ++signInSeq;
  return timed(`${base}/login`, { headers: { "X-Forwarded-For": `10.200.${(n >> 8) & 255}.${n & 255}` } });
}

async function underLoad(base, request, periodMs = 0) {
  const answers = [];
  let loading = true;
  const load = (async () => {
    const stopAt = performance.now() + loadSeconds * 1000;
    let waves = 0;
    while (performance.now() < stopAt) {
      const started = performance.now();
      answers.push(...(await Promise.all(Array.from({ length: concurrency }, () => request(base)))));
      waves++;
      const rest = periodMs - (performance.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(rest, stopAt - performance.now())));
    }
    loading = false;
    return waves;
  })();
  // Let the first wave arrive before probing.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const [waves, robots, home] = await Promise.all([
    load,
    probe(base, "/robots.txt", { until: () => !loading, pauseMs: 20 }),
    probe(base, "/", { until: () => !loading, pauseMs: 20 }),
  ]);
  return { waves, robots, home, answers };
}

// Other work on the machine skews every figure: the load average is printed with them.
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
const server = await startServer();
try {
  const { base } = server;
  // Warm up: the first requests of a fresh server are slow (JIT, first queries), and so is the first sign-in.
  await probe(base, "/robots.txt", { count: 20 });
  await probe(base, "/", { count: 20 });
  const single = [];
  for (let i = 0; i < 5; i++) single.push((await wrongSignIn(base)).ms);

  const idle = [
    summary("/robots.txt, idle", await probe(base, "/robots.txt", { count: idleSamples })),
    summary("/, idle", await probe(base, "/", { count: idleSamples })),
  ];
  const signIns = await underLoad(base, wrongSignIn);
  // Control: as many waves of as many simultaneous requests of the sign-in page, which checks no password.
  const control = await underLoad(base, pageOfLogin, (loadSeconds * 1000) / signIns.waves);

  const byStatus = new Map();
  for (const { status, ms } of signIns.answers) byStatus.set(status, [...(byStatus.get(status) ?? []), ms]);
  const loaded = [
    summary(`/robots.txt, ${concurrency} sign-ins at once`, signIns.robots),
    summary(`/, ${concurrency} sign-ins at once`, signIns.home),
  ];
  const controlRows = [
    summary(`/robots.txt, ${concurrency} GET /login at once`, control.robots),
    summary(`/, ${concurrency} GET /login at once`, control.home),
  ];
  const signInRows = [
    summary("one wrong sign-in, alone", single),
    ...[...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, samples]) => summary(`sign-ins under load answering ${status}`, samples)),
  ];

  console.log(`\n${availableParallelism()} cores; load average ${loadAverage()} (1, 5, 15 minutes) at the end.`);
  console.log(
    `Pages alone; while ${signIns.waves} waves of ${concurrency} simultaneous wrong sign-ins ran (${loadSeconds} s); ` +
      `while ${control.waves} waves of ${concurrency} simultaneous GET /login ran (control: no password checked):`,
  );
  console.table([...idle, ...loaded, ...controlRows]);
  console.log("Sign-ins (POST /login, wrong password):");
  console.table(signInRows);
  const counts = [...byStatus.entries()].map(([status, samples]) => `${samples.length} × ${status}`).join(", ");
  console.log(`Under load: ${signIns.answers.length} sign-ins, ${counts}.`);
  const [robotsLoaded, homeLoaded] = loaded;
  const goal = robotsLoaded["p99 ms"] < 100 && homeLoaded["p99 ms"] < 200;
  console.log(`Goal (/robots.txt p99 < 100 ms, / p99 < 200 ms under load): ${goal ? "met" : "not met"}.`);
} finally {
  server.stop();
}
