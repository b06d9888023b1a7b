// Piscina's worker for ./passwords.server.ts: plain JavaScript, so the server build, vitest and tsx load it as it is.
import bcrypt from "bcryptjs";
import { threadId } from "node:worker_threads";

/** @param {{ op: "hash", password: string, cost: number } | { op: "check", password: string, hash: string } | { op: "skip" }} job */
export default function run(job) {
  if (job.op === "skip") return { value: false, threadId };
  const value = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
  return { value, threadId };
}
