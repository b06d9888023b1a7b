// `npm test`: the checks, type check and build side by side (two at a time on two cores), then vitest, then
// Playwright. Each side-by-side step's output is printed whole when it ends; any failure stops the run before the
// tests and the summary names every step that failed.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Longest first, so the short ones fill the gaps beside them. */
const checks = [
  { name: "typecheck" },
  { name: "build", env: { BUILD_STRICT: "1" } },
  { name: "lint" },
  { name: "knip" },
  { name: "format:check" },
  { name: "cycles" },
];
const tests = [{ name: "test:unit" }, { name: "test:e2e" }];

// npm sets npm_execpath when it runs this script; straight from node, the npm on the PATH.
const npm = process.env.npm_execpath ? process.execPath : "npm";
const npmArgs = process.env.npm_execpath ? [process.env.npm_execpath] : [];
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];

/** Runs one of package.json's scripts; `live` streams its output, else it is kept for when the step ends. */
function runStep({ name, env = {} }, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, [...npmArgs, "run", "--silent", name], {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...(live || !process.stdout.isTTY ? {} : { FORCE_COLOR: "1" }), ...env },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      const result = { name, ok: code === 0, ms: Date.now() - started, code: code ?? signal };
      results.push(result);
      if (!live && output.trim()) process.stdout.write(`\n── ${name}\n${output.trimEnd()}\n`);
      console.log(`── ${name}: ${result.ok ? "passed" : `FAILED (exit ${result.code})`} in ${seconds(result.ms)}`);
      resolve(result);
    });
  });
}

async function runSideBySide(steps) {
  const waiting = [...steps];
  const worker = async () => {
    for (let step = waiting.shift(); step; step = waiting.shift()) await runStep(step, false);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, steps.length) }, worker));
}

function summary() {
  console.log("\nnpm test:");
  for (const { name, ok, ms } of results) console.log(`  ${ok ? "passed" : "FAILED"}  ${name.padEnd(13)} ${seconds(ms)}`);
  const failed = results.filter((result) => !result.ok).map((result) => result.name);
  if (failed.length) console.log(`\nFailed: ${failed.join(", ")}.`);
  return failed.length === 0;
}

const started = Date.now();
console.log(`Checks, type check and build, ${jobs} at a time...`);
await runSideBySide(checks);
if (results.every((result) => result.ok)) {
  for (const step of tests) {
    console.log(`\n── ${step.name}`);
    if (!(await runStep(step, true)).ok) break;
  }
}
const ok = summary();
console.log(`Total ${seconds(Date.now() - started)}.`);
process.exit(ok ? 0 : 1);
