// Piscina's worker for ./passwords.server.ts: plain CommonJS, which piscina loads with `require` as it is. An ES
// module there goes through Node 20's require(esm), which crashed a test worker once (decision 0003).
const bcrypt = require("bcryptjs");
const { threadId } = require("node:worker_threads");

/** @param {{ op: "hash", password: string, cost: number } | { op: "check", password: string, hash: string } | { op: "skip" }} job */
module.exports = function run(job) {
  if (job.op === "skip") return { value: false, threadId };
  const value = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
  return { value, threadId };
};
