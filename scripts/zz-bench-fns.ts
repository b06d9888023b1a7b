// `npm run bench:request-path`: which modules of app/ run code while one request is answered, found with V8's
// precise coverage (functions with a call count above zero), for a dashboard case study create posted without
// JavaScript and for POST /api/case-studies with a bearer token. Each request is made once to warm up (lazy
// imports, first connections), then once measured. Prints the modules and the count per request.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCookie } from "@remix-run/node";
import mongoose from "mongoose";
import { ZodType } from "zod";
import { runScript } from "./cli";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const app = path.join(root, "app") + path.sep;
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const SITE = "http://localhost:3000";
/** Issue 31's goals: modules of app/ a successful create may cross. */
const GOALS = { dashboard: 16, api: 20 };

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

function appModules(coverage: { result: { url: string; functions: { ranges: { count: number }[] }[] }[] }): string[] {
  const ran = new Set<string>();
  for (const script of coverage.result) {
    if (!script.url.startsWith("file://")) continue;
    const file = fileURLToPath(script.url.split("?")[0]!);
    if (!file.startsWith(app)) continue;
    { const fns = script.functions.filter((fn: any) => fn.ranges[0]!.count > 0).map((fn: any) => fn.functionName || "(anon)"); if (fns.length) ran.add(path.relative(root, file) + "  " + fns.join(",")); }
  }
  return [...ran].sort();
}

// Whole-schema parses (zod's parse entry points, outermost calls only: a schema's parts parse through _parse).
let parses = 0;
let depth = 0;
for (const method of ["parse", "safeParse", "parseAsync", "safeParseAsync"] as const) {
  const original = ZodType.prototype[method] as (...args: unknown[]) => unknown;
  (ZodType.prototype as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    if (depth === 0) parses++;
    depth++;
    try {
      const value = original.apply(this, args);
      return value instanceof Promise ? value.finally(() => depth--) : (depth--, value);
    } catch (error) {
      depth--;
      throw error;
    }
  };
}

/** Only a successful create is measured: a refusal would cross fewer modules and flatter the figure. */
async function measure(
  session: Session,
  name: string,
  send: () => Promise<Response>,
  succeeded: (answer: Response) => boolean,
): Promise<string[]> {
  const warm = await send();
  await session.post("Profiler.takePreciseCoverage");
  parses = 0;
  const measured = await send();
  if (!succeeded(warm) || !succeeded(measured))
    throw new Error(`${name} was refused (status ${warm.status} then ${measured.status}): the figures would not be a create's.`);
  const coverage = (await session.post("Profiler.takePreciseCoverage")) as Parameters<typeof appModules>[0];
  const modules = appModules(coverage);
  console.log(
    `\n${name}: status ${warm.status} then ${measured.status}; ${modules.length} modules of app/ ran code; ${parses} whole-schema parses`,
  );
  for (const module of modules) console.log(`  ${module}`);
  return modules;
}

async function respond(value: unknown): Promise<Response> {
  if (value instanceof Response) return value;
  const init = (value as { init?: ResponseInit })?.init;
  return new Response(JSON.stringify((value as { data?: unknown })?.data ?? value), { status: init?.status ?? 200 });
}

async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await respond(await handler({ request, params, context: {} }));
  } catch (thrown) {
    return respond(thrown);
  }
}

runScript(async () => {
  process.env.SESSION_SECRET = SECRET;
  process.env.SITE_URL = SITE;
  process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
  const { connectDb } = await import("~/server/db.server");
  await connectDb();

  // An admin, a session and an API token written straight to the collections, so the figures do not depend
  // on the app's own sign-in code.
  const adminId = new mongoose.Types.ObjectId();
  const db = mongoose.connection.db!;
  await db.collection("admins").insertOne({
    _id: adminId,
    name: "Bench",
    email: `bench-${adminId}@example.com`,
    passwordHash: "x",
    created_at: new Date(),
    updated_at: new Date(),
  });
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = Date.now() + 3_600_000;
  await db.collection("sessions").insertOne({
    _id: sessionId as never,
    admin_id: adminId,
    data: { adminId: String(adminId), expiresAt },
    expires_at: new Date(expiresAt),
    created_at: new Date(),
    updated_at: new Date(),
  });
  const cookie = await createCookie("__session", { secrets: [SECRET] }).serialize(sessionId);
  const tokenId = new mongoose.Types.ObjectId();
  const secret = randomBytes(32).toString("base64url");
  await db.collection("api_tokens").insertOne({
    _id: tokenId,
    admin_id: adminId,
    token_hash: createHash("sha256").update(secret).digest("hex"),
    expires_at: new Date(expiresAt),
    created_at: new Date(),
    updated_at: new Date(),
  });

  const image = readFileSync(path.join(root, "public/images/case-studies/alderbrook-patient-portal-960.webp"));
  const conformNames = !existsSync(path.join(root, "app/routes/dashboard.case-studies.upload/route.tsx"));
  const form = (outcome: (index: number, part: string) => string) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      title: "Bench",
      client: "Bench Co",
      industry: "Tests",
      project_insight: "Measured.",
      technologies: "A, B",
      website_url: "",
    }))
      body.append(name, value);
    for (let index = 0; index < 3; index++) {
      body.append(outcome(index, "label"), `Label ${index}`);
      body.append(outcome(index, "value"), `Value ${index}`);
    }
    body.append("image", new File([image], "bench.webp", { type: "image/webp" }));
    return body;
  };

  const upload = (await import(
    conformNames ? "~/routes/dashboard.case-studies.upload" : "~/routes/dashboard.case-studies.upload/route"
  )) as { action: Handler };
  const api = (await import("~/routes/api.case-studies")) as { action: Handler };

  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });

  const dashboard = await measure(
    session,
    "Dashboard create, JavaScript off",
    () =>
      call(
        upload.action,
        new Request(`${SITE}/dashboard/case-studies/upload`, {
          method: "POST",
          headers: { Cookie: cookie, "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
          body: form((index, part) => (conformNames ? `outcomes[${index}].${part}` : `outcomes[${index}][${part}]`)),
        }),
      ),
    (answer) => answer.status === 302 && answer.headers.get("Location") === "/dashboard/case-studies/list",
  );
  const apiModules = await measure(
    session,
    "POST /api/case-studies",
    () =>
      call(
        api.action,
        new Request(`${SITE}/api/case-studies`, {
          method: "POST",
          headers: { Authorization: `Bearer ${tokenId}|${secret}`, Accept: "application/json" },
          body: form((index, part) => `outcomes[${index}][${part}]`),
        }),
      ),
    (answer) => answer.status === 201,
  );
  console.log(`\nmodules crossed: dashboard create ${dashboard.length}, POST /api/case-studies ${apiModules.length}`);
  for (const [flow, crossed, goal] of [
    ["dashboard create", dashboard.length, GOALS.dashboard],
    ["POST /api/case-studies", apiModules.length, GOALS.api],
  ] as const)
    console.log(`goal: ${flow} ≤ ${goal} modules: ${crossed <= goal ? "met" : "not met"} (${crossed})`);
  session.disconnect();
  return 0;
});
