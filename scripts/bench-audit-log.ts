// `npm run bench:audit-log`: what the audit log costs as it grows, on a fresh embedded engine (or MONGODB_URI's
// server, in a throwaway database). At each size up to AUDIT_BENCH_ENTRIES (default 100 000): one recordEvent() call as a
// route makes it, and the dashboard's list (count and page) unfiltered and filtered, through the app's own
// connection and its 1 s database timeout; the log is filled between sizes by a separate client without one. Then a
// session's last-seen write: how many of its reads write, and what a read costs. Prints medians. On the embedded
// engine, 100 000 entries take about 20 minutes to fill on a busy two-core machine; 20 000 show as much.
import mongoose from "mongoose";
import { runScript } from "./cli";

const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 100_000);
const SIZES = [0, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000].filter((size) => size <= ENTRIES);

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/** The median of `runs` calls in ms, and how many of them failed (the failures' times count too). */
async function timed(runs: number, body: (run: number) => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  let failed = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const ok = await body(run).then(
      (result) => result !== false,
      () => false,
    );
    if (!ok) failed++;
    times.push(performance.now() - started);
  }
  return `${median(times).toFixed(1)} ms${failed ? ` (${failed} of ${runs} failed)` : ""}`;
}

runScript(async () => {
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
  const { startEmbeddedEngine } = await import("~/server/embedded-engine.server");
  const engine = process.env.MONGODB_URI ? null : await startEmbeddedEngine("bench");
  const throwaway = new URL(process.env.MONGODB_URI ?? engine!.uri);
  throwaway.pathname = `/bench_audit_${Date.now()}`;
  process.env.MONGODB_URI = throwaway.toString();
  const filler = new mongoose.mongo.MongoClient(throwaway.toString());
  try {
    const { connectDb } = await import("~/server/db.server");
    await connectDb();
    const { AuditEventModel } = await import("~/models/audit-event.server");
    await AuditEventModel.init();
    const { requestOrigin } = await import("~/server/client-address.server");
    const { AUDIT_ACTIONS, AUDIT_RETENTION_MS, listAuditEvents, recordEvent } = await import("~/domain/audit-log.server");
    const request = new Request("http://localhost/dashboard/case-studies/list", {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" },
    });
    const admins = Array.from({ length: 5 }, (_, n) => ({
      id: new mongoose.Types.ObjectId().toString(),
      name: `Admin ${n}`,
      email: `a${n}@bench.test`,
    }));
    const target = { type: "case-study", id: new mongoose.Types.ObjectId().toString(), label: "Bench" };
    const actions = Object.keys(AUDIT_ACTIONS);
    const now = Date.now();
    // A year of entries, newest first: 5 admins, one entry in 11 with none, every action in turn.
    const entry = (n: number) => {
      const at = new Date(now - Math.floor((n / Math.max(ENTRIES, 1)) * (AUDIT_RETENTION_MS - 86_400_000)));
      const admin = n % 11 === 0 ? null : admins[n % 5]!;
      return {
        at,
        action: actions[n % actions.length],
        actor_id: admin ? new mongoose.Types.ObjectId(admin.id) : null,
        actor: admin ? `${admin.name} <${admin.email}>` : "",
        email: admin?.email ?? "someone@bench.test",
        target_type: "case-study",
        target_id: target.id,
        target_label: "Bench",
        address: "203.0.113.9",
        user_agent: "Mozilla/5.0",
        details: {},
        expires_at: new Date(at.getTime() + AUDIT_RETENTION_MS),
      };
    };
    const log = filler.db().collection("audit_events");
    const quiet = console.error;
    let failures = 0;
    // recordEvent() logs a failed write instead of throwing: counted here, not printed.
    console.error = () => void failures++;
    console.log(`Database: ${engine ? "embedded engine (jongodb)" : "MONGODB_URI"}`);
    let filled = 0;
    for (const size of SIZES) {
      const fill = performance.now();
      for (let n = filled; n < size; n += 10_000)
        await log.insertMany(
          Array.from({ length: Math.min(10_000, size - n) }, (_, i) => entry(n + i)),
          { ordered: false },
        );
      const fillSeconds = (performance.now() - fill) / 1000;
      filled = size;
      const before = failures;
      const write = await timed(5, async (n) => {
        const failed = failures;
        await recordEvent(requestOrigin(request, admins[n % 5]!), "case-study.updated", { target });
        return failures === failed;
      });
      filled += 5 - (failures - before);
      const list = (filter: Parameters<typeof listAuditEvents>[0]) => timed(3, () => listAuditEvents(filter, { page: 1, perPage: 25 }));
      console.log(
        `${size} entries (filled in ${fillSeconds.toFixed(1)} s): recordEvent() ${write}; list page 1 ${await list({})}, ` +
          `one admin ${await list({ actorId: admins[2]!.id })}, one action ${await list({ action: "case-study.deleted" })}, ` +
          `one week ${await list({ from: new Date(now - 127 * 86_400_000), to: new Date(now - 120 * 86_400_000) })}`,
      );
    }
    console.error = quiet;

    // Last seen: a session read as every signed-in request reads it.
    const { createSessionRecord, readSessionData } = await import("~/domain/access.server");
    const { SessionModel } = await import("~/models/session.server");
    const { LAST_SEEN_INTERVAL_MS } = await import("~/domain/access.server");
    const id = `bench-${Date.now()}`;
    const started = Date.now();
    await createSessionRecord(id, {
      adminId: admins[0]!.id,
      data: { adminId: admins[0]!.id },
      expiresAt: new Date(started + 86_400_000),
    });
    let writes = 0;
    const original = SessionModel.updateOne.bind(SessionModel);
    (SessionModel as unknown as { updateOne: unknown }).updateOne = (...args: Parameters<typeof original>) => {
      writes++;
      return original(...args);
    };
    const fresh = await timed(500, () => readSessionData(id, new Date()));
    console.log(`A session read within the interval: ${fresh}; ${writes} writes in 500 reads`);
    let step = 1;
    const stale = await timed(50, () => readSessionData(id, new Date(started + step++ * (LAST_SEEN_INTERVAL_MS + 1_000))));
    console.log(`A session read past the interval (one conditional update each): ${stale}; ${writes} writes in 550 reads`);
  } finally {
    await filler
      .db()
      .dropDatabase()
      .catch(() => undefined);
    await filler.close();
    engine?.stop();
  }
  return 0;
});
