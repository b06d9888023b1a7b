// `npm run bench:reset`: how long a password reset request takes to be answered for an email an admin has and for
// one no admin has (docs/decisions/0026). Builds if stale, starts the built server on the embedded engine with mail
// going to an SMTP server in this process, adds BENCH_SAMPLES admins through the API (the per-email limit allows 5
// requests an hour, so each known request names another admin), then asks POST /forgot-password for known and
// unknown emails in turns, each from its own X-Forwarded-For address, and prints the figures (and how many reset
// mails arrived: one per known request). A measurement, not a test.
//
// BENCH_SAMPLES (50) requests of each kind; BENCH_URL is not supported (the server's mail must reach this process).
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { SMTPServer } from "smtp-server";
import { startBenchServer } from "./bench-server.mjs";

const samples = Math.max(5, Number(process.env.BENCH_SAMPLES) || 50);
const admin = { email: "bench-admin@studio.test", password: "the-right-password" };

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const round = (ms) => Math.round(ms * 10) / 10;
function summary(what, values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    what,
    n: sorted.length,
    "p50 ms": round(percentile(sorted, 0.5)),
    "p90 ms": round(percentile(sorted, 0.9)),
    "max ms": round(sorted.at(-1)),
  };
}

// The dashboard's form (a whole page in answer) and the API (a short JSON answer, where a difference would show most).
const DOORS = {
  form: {
    path: "/forgot-password",
    type: "application/x-www-form-urlencoded",
    body: (email) => new URLSearchParams({ email }),
    status: 200,
  },
  api: { path: "/api/password-reset", type: "application/json", body: (email) => JSON.stringify({ email }), status: 202 },
};

let addressSeq = 0;
async function ask(base, email, door = DOORS.form) {
  const n = ++addressSeq;
  const started = performance.now();
  const response = await fetch(`${base}${door.path}`, {
    method: "POST",
    headers: { "Content-Type": door.type, "X-Forwarded-For": `10.9.${(n >> 8) & 255}.${n & 255}` },
    body: door.body(email),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== door.status) throw new Error(`POST ${door.path} answered ${response.status}`);
  return { ms, body: body.length };
}

const server = await startBenchServer({
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  TRUST_PROXY: "1",
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SMTP_URL: smtpUrl,
  MAIL_FROM: "Bench <bench@studio.test>",
});
try {
  const { base } = server;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = await login.json();
  const known = [];
  for (let n = 0; n < samples + 5; n++) {
    const email = `bench-known-${n}@studio.test`;
    const made = await fetch(`${base}/api/admins`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Known ${n}`, email, password: "known-password-1" }),
    });
    if (made.status !== 201) throw new Error(`POST /api/admins answered ${made.status}`);
    known.push(email);
  }
  // Warm up both paths (JIT, first queries, the site content's cache), then measure in turns so drift hits both.
  for (let n = 0; n < 5; n++) {
    await ask(base, known.pop());
    await ask(base, `bench-warm-${n}@studio.test`);
  }
  const rows = [];
  const sizes = new Set();
  // Each known admin is asked for once per door: twice in all, within the limit of 5 an hour per email.
  for (const [doorName, door] of Object.entries(DOORS)) {
    const times = { known: [], unknown: [] };
    for (let n = 0; n < samples; n++) {
      const pair = [
        ["known", known[n]],
        ["unknown", `bench-unknown-${doorName}-${n}@studio.test`],
      ];
      if (n % 2) pair.reverse();
      for (const [kind, email] of pair) {
        const { ms, body } = await ask(base, email, door);
        times[kind].push(ms);
        sizes.add(`${door.path} ${body}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
    rows.push(summary(`POST ${door.path}, an admin's email`, times.known), summary(`POST ${door.path}, an unknown email`, times.unknown));
  }
  const expected = 2 * samples + 5;
  // The mails go on the outbox's own turns (every 10 s), apart from the requests.
  for (let waited = 0; waited < 25_000 && received < expected; waited += 500) await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(
    `\n${samples} requests of each kind, in turns; load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(", ")} at the end.`,
  );
  console.table(rows);
  console.log(`Answer sizes seen (path, bytes): ${[...sizes].join("; ")}. Reset mails received: ${received} (expected ${expected}).`);
} finally {
  server.stop();
  smtp.close();
}
