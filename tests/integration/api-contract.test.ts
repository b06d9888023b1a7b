import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateTOTP } from "@epic-web/totp";
import { issueToken } from "~/domain/access.server";
import { settingsFormInput } from "~/domain/settings-schema";
import { getSiteSettings, saveSettings } from "~/domain/settings.server";
import { confirmTwoFactorSetup, pendingTwoFactorSetup, startTwoFactorSetup, TOTP } from "~/domain/two-factor.server";
import { ports } from "~/server/ports.server";
import { messages } from "~/domain/messages";
import { getContentPart, seedSiteContent } from "~/domain/site-content.server";
import { contentSubject, recordVersion } from "~/domain/versions.server";
import { apiRoute } from "~/server/api/route.server";
import { XSRF_COOKIE } from "~/server/api/xsrf.server";
import { connectDb, isDbConnected } from "~/server/db.server";
import { EMAIL_PATTERN } from "~/domain/field-rules";
import { adminUpdateInput } from "~/domain/schemas";
import { MAX_BYTES_KEYWORD } from "~/domain/zod-openapi";
import { getOpenApiDocument } from "~/routes/__openapi.server";
import { addIndustry } from "~/domain/industries.server";
import { createContactMessage } from "~/domain/contact-messages.server";
import { getApiReference } from "~/routes/api.docs/reference.server";
import * as openapiRoute from "~/routes/api.openapi[.]json";
import * as splatRoute from "~/routes/api.$";
import { call, cookiesFrom, type Outcome } from "../support/remix";
import { signedInAdmin } from "../support/session";
import { caseStudyFields } from "../support/case-study-fields";
import { file, imageFile, jpegOfSize, MB, multipartBody, url } from "../support/factories";
import { updateAdmin } from "~/domain/admins.server";
import { getEnv } from "~/server/env.server";
import { outboxIdle, processOutbox } from "~/server/mail-outbox.server";
import { passwords } from "~/server/passwords.server";
import { createTestAdmin } from "../support/admins";
import { randomAddress } from "../support/addresses";
import { startSmtpSink } from "../support/smtp";
import { testOrigin } from "../support/origin";
import { MAX_WEBHOOKS } from "~/domain/webhook-schemas";
import { WebhookEndpointModel } from "~/models/webhook-endpoint.server";
import { countRefusal } from "~/domain/roles.server";

/**
 * The contract: /api/openapi.json is a valid OpenAPI 3.1 document that documents every API route file and
 * method, and every route answers as documented. Each call goes through the route's real loader or action
 * against this file's database; its status must be documented for the operation, its JSON must match the
 * documented schema (exact shapes: a field gained or lost fails), its documented headers must be there,
 * and the bodies the successful calls send must match the documented request schemas. In the end every
 * documented status of every operation must have been seen, except 500.
 */

vi.hoisted(() => {
  // Before any import reads the configuration: a 1 MB upload limit, so oversize files stay small; a key for two-factor secrets.
  process.env.MAX_UPLOAD_MB = "1";
  process.env.TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString("base64");
});

const UNKNOWN_ID = "64b7f0000000000000000000";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked as plain JSON
type Json = Record<string, any>;
type RouteModule = { loader: Parameters<typeof call>[0]; action: Parameters<typeof call>[0] };

const document = getOpenApiDocument() as unknown as Json;

// ---------------------------------------------------------------------------------------------
// Route files ↔ documented paths

const ROUTES_DIR = fileURLToPath(new URL("../../app/routes/", import.meta.url));
// A route is a file (`api.login.ts`) or a folder with its route.ts inside (`api.docs/route.tsx`).
const modules = import.meta.glob<RouteModule>(["../../app/routes/{api,sanctum}.*.ts", "../../app/routes/{api,sanctum}.*/route.ts"], {
  eager: true,
});
/** Routes that are not operations of the API: the /api 404 catch-all, the document itself and its page. */
const NOT_OPERATIONS = new Set(["api.$", "api.openapi[.]json", "api.docs"]);

/** The route's name: `api.login.ts` → `api.login`, `api.docs/route.tsx` → `api.docs`. */
const routeName = (file: string) => file.replace(/(\/route)?\.tsx?$/, "");

/** A flat-routes name as a documented path: `api.case-studies.$id` → `/api/case-studies/{id}`. */
function pathOfRoute(name: string): string {
  const segments = name.split(/\.(?![^[]*\])/);
  return `/${segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment.replace(/\[(.*?)\]/g, "$1"))).join("/")}`;
}

/** Every API route on disk, flat file or folder, but the ones that are not operations. */
const routeNames = readdirSync(ROUTES_DIR, { withFileTypes: true })
  .filter((entry) => /^(api|sanctum)\./.test(entry.name))
  .flatMap((entry) => {
    if (!entry.isDirectory()) return /\.tsx?$/.test(entry.name) ? [routeName(entry.name)] : [];
    return readdirSync(`${ROUTES_DIR}${entry.name}`).some((file) => /^route\.tsx?$/.test(file)) ? [entry.name] : [];
  })
  .filter((name) => !NOT_OPERATIONS.has(name));
const routeByPath = new Map(
  Object.entries(modules)
    .map(([file, module]) => [routeName(file.slice(file.indexOf("/routes/") + "/routes/".length)), module] as const)
    .filter(([name]) => !NOT_OPERATIONS.has(name))
    .map(([name, module]) => [pathOfRoute(name), module]),
);

function operationOf(method: Method, path: string): Json {
  const operation = document.paths?.[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return operation;
}

// ---------------------------------------------------------------------------------------------
// Schemas: the document's components under an absolute $id, so `$ref`s resolve

const DOC_ID = "https://studio.test/openapi.json";
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const addFormats = addFormatsModule as unknown as (instance: Ajv2020) => Ajv2020;
addFormats(ajv);
// OpenAPI's own annotations: a file part, and its example keyword.
ajv.addFormat("binary", true);
ajv.addKeyword("example");
// The document's byte limit (JSON Schema's maxLength counts characters), checked as the product checks it.
ajv.addKeyword({
  keyword: MAX_BYTES_KEYWORD,
  type: "string",
  schemaType: "number",
  validate: (max: number, value: string) => Buffer.byteLength(value) <= max,
});
const rebase = (schema: unknown): Json => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOC_ID}#/$defs/`));
ajv.addSchema({ $id: DOC_ID, $defs: rebase(document.components.schemas) });

const compiled = new Map<string, ValidateFunction>();
function validatorOf(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema));
    compiled.set(key, validate);
  }
  return validate;
}

function expectMatches(schema: Json, value: unknown, what: string) {
  const validate = validatorOf(schema);
  const valid = validate(value);
  expect(valid, `${what}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 800)}`).toBe(true);
}

/** A response against a documented Response Object: JSON body, or none; every documented header, with a valid value. */
function expectDocumentedResponse(response: Json, result: Outcome, what: string) {
  const media = response.content?.["application/json"];
  if (media) {
    expect(result.headers.get("Content-Type"), what).toMatch(/^application\/json/);
    expectMatches(media.schema, result.data, what);
  } else if (response.content?.["text/csv"]) {
    expect(result.headers.get("Content-Type"), what).toMatch(/^text\/csv/);
    expectMatches(response.content["text/csv"].schema, result.data, what);
  } else {
    expect(result.data, `${what}: no body`).toBe("");
  }
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    const value = result.headers.get(name);
    if (header.required) expect(value, `${what}: header ${name}`).not.toBeNull();
    if (value === null) continue;
    const typed = header.schema?.type === "integer" ? (/^\d+$/.test(value) ? Number(value) : value) : value;
    expectMatches(header.schema ?? {}, typed, `${what}: header ${name}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

type Auth = { token?: string; session?: boolean; xsrf?: boolean };
type Body =
  | { json: unknown }
  | { raw: string; type: string }
  | { form: Record<string, string> }
  | { multipart: Record<string, string>; files?: Record<string, File> };
type Call = {
  auth?: Auth;
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: Body;
  documentsRequest?: boolean;
};

const seen = new Map<string, Set<string>>();
let token: string;
let me: Awaited<ReturnType<typeof signedInAdmin>>;
let sessionCookie: string;
let xsrfHeader: string;

function authHeaders(auth: Auth = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  if (auth.session) headers.Cookie = sessionCookie;
  if (auth.xsrf) headers["X-XSRF-TOKEN"] = xsrfHeader;
  return headers;
}

async function encode(body: Body): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string; mediaType: string; fields: Json | null }> {
  if ("json" in body)
    return {
      bytes: new TextEncoder().encode(JSON.stringify(body.json)),
      type: "application/json",
      mediaType: "application/json",
      fields: body.json as Json,
    };
  if ("raw" in body)
    return { bytes: new TextEncoder().encode(body.raw), type: body.type, mediaType: body.type.split(";")[0]!, fields: null };
  if ("form" in body) {
    const type = "application/x-www-form-urlencoded";
    return { bytes: new TextEncoder().encode(new URLSearchParams(body.form).toString()), type, mediaType: type, fields: body.form };
  }
  const { bytes, type } = await multipartBody({ ...body.multipart, ...body.files });
  const fields: Json = { ...body.multipart };
  for (const name of Object.keys(body.files ?? {})) fields[name] = "(file)";
  return { bytes, type, mediaType: "multipart/form-data", fields };
}

/**
 * Calls one documented operation through its route module and checks the answer against the document.
 * `documentsRequest`: the body is a valid one, so it must also match the documented request schema.
 */
async function hit(method: Method, path: string, status: number, options: Call = {}): Promise<Outcome> {
  const operation = operationOf(method, path);
  const module = routeByPath.get(path);
  if (!module) throw new Error(`no route module for ${path}`);
  const params = options.params ?? {};
  const target = url(path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "") + (options.query ?? ""));
  const headers = { ...authHeaders(options.auth), ...options.headers };
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (options.body) {
    const encoded = await encode(options.body);
    body = encoded.bytes;
    headers["Content-Type"] = encoded.type;
    headers["Content-Length"] = String(encoded.bytes.byteLength);
    if (options.documentsRequest) {
      const media = operation.requestBody?.content?.[encoded.mediaType];
      expect(media, `${method.toUpperCase()} ${path} documents a ${encoded.mediaType} body`).toBeDefined();
      expectMatches(media.schema, encoded.fields, `${method.toUpperCase()} ${path} request (${encoded.mediaType})`);
    }
  }
  const request = new Request(target, { method: method.toUpperCase(), headers, body });
  const result = await call(method === "get" ? module.loader : module.action, request, params);
  const what = `${method.toUpperCase()} ${path} → ${result.status}`;
  expect(result.status, `${what}: ${JSON.stringify(result.data).slice(0, 500)}`).toBe(status);
  const response = operation.responses[String(result.status)];
  expect(response, `${what} is documented`).toBeDefined();
  expectDocumentedResponse(response, result, what);
  const key = `${method} ${path}`;
  if (!seen.has(key)) seen.set(key, new Set());
  seen.get(key)!.add(String(result.status));
  return result;
}

// ---------------------------------------------------------------------------------------------
// Test data

const svg = () => file('<svg xmlns="http://www.w3.org/2000/svg"/>', "logo.svg", "image/svg+xml");
const oversize = () => jpegOfSize(1.5 * MB);

const caseStudyJson = (title: string) => ({
  title,
  client: "Acme Retail",
  industry: "Retail",
  project_insight: "Rewritten as JSON.",
  technologies: ["Remix", "MongoDB"],
  outcomes: [
    { label: "Conversion rate", value: "+40%" },
    { label: "Page load", value: "0.9 s" },
    { label: "Monthly users", value: "60k" },
  ],
  website_url: null,
});

/** Turns two-factor sign-in on for `admin` as the account page does; the secret, for computing codes. */
async function turnOnTwoFactor(admin: { id: string; name: string; email: string }): Promise<string> {
  expect(await startTwoFactorSetup(admin.id, ports.secrets)).toEqual({ ok: true, value: undefined });
  const secret = (await pendingTwoFactorSetup(admin, ports.secrets, { issuer: "Studio" }))!.key.replace(/ /g, "");
  expect((await confirmTwoFactorSetup(testOrigin(admin), await appCode(secret), ports.secrets)).ok).toBe(true);
  return secret;
}

/** The app's code, `steps` periods on (a later step than the setup's own code is needed to sign in). */
async function appCode(secret: string, steps = 0): Promise<string> {
  if (steps) vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + steps * TOTP.period * 1000 });
  try {
    return (await generateTOTP({ secret, period: TOTP.period, digits: TOTP.digits, algorithm: TOTP.algorithm })).otp;
  } finally {
    vi.useRealTimers();
  }
}

/** Settings' "Require two-factor sign-in for every admin", saved as the settings form saves it. */
async function requireTwoFactor(on: boolean) {
  await saveSettings(settingsFormInput.parse({ ...(await getSiteSettings()), requireTwoFactor: on ? "true" : "false" }), {
    origin: testOrigin(),
  });
}

const tooLargeJson = () => ({ raw: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }), type: "application/json" });
const brokenJson = { raw: "{ not json", type: "application/json" };

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("contract@studio.test", "Contract Admin");
  token = (await issueToken(me.admin.id)).token;
  // The XSRF cookie of /sanctum/csrf-cookie, echoed URL-decoded in X-XSRF-TOKEN.
  const csrf = await hit("get", "/sanctum/csrf-cookie", 204);
  sessionCookie = cookiesFrom(csrf.headers, me.cookie);
  const pair = sessionCookie.split(/;\s*/).find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))!;
  xsrfHeader = decodeURIComponent(pair.slice(XSRF_COOKIE.length + 1));
});

// ---------------------------------------------------------------------------------------------

describe("the document", () => {
  it("is served at /api/openapi.json as JSON, OpenAPI 3.1, and is a valid 3.1 document", async () => {
    const result = await call(openapiRoute.loader, new Request(url("/api/openapi.json")));
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect((result.data as Json).openapi).toMatch(/^3\.1\.\d+$/);
    expect(result.data).toEqual(JSON.parse(JSON.stringify(document)));

    const validator = new Validator();
    const outcome = await validator.validate(structuredClone(document));
    expect(validator.version).toBe("3.1");
    expect(outcome.errors ?? [], JSON.stringify(outcome.errors)).toEqual([]);
    expect(outcome.valid).toBe(true);
  });

  it("states every limit the input schemas check, pipes included (read through zod-to-openapi's public metadata)", () => {
    const schemas = document.components.schemas;
    expect(schemas.LoginInput.properties.email).toMatchObject({ type: "string", minLength: 1 });
    expect(schemas.AdminInput.properties).toMatchObject({
      name: { type: "string", minLength: 1, maxLength: 100 },
      email: { type: "string", format: "email", maxLength: 254 },
      password: { type: "string", minLength: 8 },
    });
    expect(schemas.CaseStudyInput.properties).toMatchObject({
      title: { minLength: 1, maxLength: 200 },
      // A draft may leave these empty; publishing needs them (docs/behaviour.md#drafts), which each description says.
      client: { maxLength: 200, description: expect.stringContaining("Required unless `status` is draft") },
      industry: { maxLength: 100, description: expect.stringContaining("Required unless `status` is draft") },
      project_insight: { maxLength: 5000, description: expect.stringContaining("Required unless `status` is draft") },
      outcomes: { type: "array", maxItems: 3 },
      image_alt: { maxLength: 200 },
      status: { type: "string", enum: ["draft", "published"] },
    });
    expect(schemas.CaseStudyInput.required).not.toContain("status");
    expect(schemas.CaseStudyInput.required).not.toContain("image_alt");
    expect(schemas.CaseStudyForm.properties).toMatchObject({ status: { enum: ["draft", "published"] }, image_alt: { maxLength: 200 } });
    expect(schemas.CaseStudyUpdateForm.properties).toMatchObject({
      status: { enum: ["draft", "published"] },
      image_alt: { maxLength: 200 },
    });
    const technologies = schemas.CaseStudyInput.properties.technologies.anyOf as Json[];
    expect(technologies).toContainEqual(expect.objectContaining({ type: "array", maxItems: 30 }));
    expect(schemas.Technology).toMatchObject({ type: "string", maxLength: 60 });
    expect(schemas.AdminInput.properties.email.pattern).toBe(EMAIL_PATTERN.source);
    expect(schemas.AdminInput.properties.password).toMatchObject({ maxLength: 72, [MAX_BYTES_KEYWORD]: 72 });
    expect(JSON.stringify(schemas.CaseStudyInput.properties.website_url)).toContain('"format":"uri"');
    expect(schemas.CaseStudyInput.properties.outcomes.items.properties.label).toMatchObject({ minLength: 1 });
    expect(schemas.CaseStudy.properties.image_url).toMatchObject({ format: "uri" });
    expect(schemas.Outcome.properties.value).toMatchObject({ minLength: 1 });
  });

  it("/api/docs says the password's byte limit and the public list's 304", () => {
    const reference = getApiReference();
    const password = reference.schemas.find((schema) => schema.name === "AdminInput")!.fields.find((field) => field.name === "password")!;
    expect(password.notes).toEqual(expect.arrayContaining(["at most 72 characters", "at most 72 bytes in UTF-8"]));
    const operations = reference.tags.flatMap((tag) => tag.operations);
    const publicList = operations.find((operation) => operation.id === "listPublicCaseStudies")!;
    expect(publicList.responses.map((response) => response.status)).toContain("304");
    expect(publicList.parameters.map((parameter) => parameter.name)).toContain("If-None-Match");
  });

  it("documents every API route file, and only those paths", () => {
    expect(routeNames.length).toBeGreaterThanOrEqual(9);
    const documented = Object.keys(document.paths).sort();
    expect(routeNames.map(pathOfRoute).sort()).toEqual(documented);
    expect([...routeByPath.keys()].sort()).toEqual(documented);
  });

  it("documents exactly the methods each route answers (its Allow header)", async () => {
    for (const [path, module] of routeByPath) {
      const concrete = url(path.replace("{id}", UNKNOWN_ID));
      const result = await call(module.action, new Request(concrete, { method: "OPTIONS" }), { id: UNKNOWN_ID });
      expect(result.status).toBe(204);
      const allowed = result.headers
        .get("Allow")!
        .split(", ")
        .filter((method) => method !== "HEAD" && method !== "OPTIONS");
      const documented = METHODS.filter((method) => document.paths[path][method]).map((method) => method.toUpperCase());
      expect(allowed.sort(), path).toEqual(documented.sort());
    }
  });

  it("describes authentication: bearer, or the session cookie with the XSRF header on writes", () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(schemes.xsrfToken).toMatchObject({ type: "apiKey", in: "header", name: "X-XSRF-TOKEN" });
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const security = item[method].security as Json[];
        expect(Array.isArray(security), `${method} ${path} states its security`).toBe(true);
        const needsAuth = security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0);
        if (needsAuth) {
          expect(security).toContainEqual({ bearerAuth: [] });
          expect(security).toContainEqual(method === "get" ? { sessionCookie: [] } : { sessionCookie: [], xsrfToken: [] });
          expect(item[method].responses["401"], `${method} ${path} documents 401`).toBeDefined();
        }
      }
    }
  });

  it("can fail: an answer that gains or loses a field does not match", () => {
    const schema = { $ref: "#/components/schemas/CaseStudy" };
    const study = {
      id: UNKNOWN_ID,
      title: "T",
      client: "C",
      industry: "I",
      project_insight: "P",
      technologies: [],
      outcomes: [{ label: "L", value: "V" }],
      image_url: "https://studio.test/uploads/x-1600.webp",
      image_alt: null,
      website_url: null,
      status: "published",
      slug: "t",
      summary: null,
      challenge: null,
      approach: null,
      result: null,
      gallery: [],
      services: [],
      featured: false,
      featured_order: null,
      seo_title: null,
      seo_description: null,
      seo_image_url: null,
      publish_at: null,
      unpublish_at: null,
      created_at: new Date().toISOString(),
    };
    expect(validatorOf(schema)(study)).toBe(true);
    expect(validatorOf(schema)({ ...study, status: "archived" })).toBe(false);
    // Addresses are absolute, for a client on another host.
    expect(validatorOf(schema)({ ...study, image_url: "/uploads/x-1600.webp" })).toBe(false);
    expect(validatorOf(schema)({ ...study, website_url: "acme" })).toBe(false);
    const { status: _status, publish_at: _publish, unpublish_at: _unpublish, ...publicStudy } = study;
    expect(validatorOf(schema)(publicStudy)).toBe(false);
    // The public answer has every field but status and the schedule.
    expect(validatorOf({ $ref: "#/components/schemas/PublicCaseStudy" })(publicStudy)).toBe(true);
    expect(validatorOf({ $ref: "#/components/schemas/PublicCaseStudy" })(study)).toBe(false);
    expect(validatorOf(schema)({ ...study, _id: UNKNOWN_ID })).toBe(false);
    const { created_at: _dropped, ...withoutDate } = study;
    expect(validatorOf(schema)(withoutDate)).toBe(false);
    expect(validatorOf({ $ref: "#/components/schemas/Admin" })({ id: UNKNOWN_ID, name: "A", email: "a@b.test", passwordHash: "x" })).toBe(
      false,
    );
  });
});

describe("authentication routes", () => {
  // Validating the whole document above holds the event loop for seconds on a busy machine, long enough for the
  // database's heartbeat to look stale (503): the routes are called once the next heartbeat has come.
  beforeAll(async () => {
    for (let waited = 0; waited < 10_000 && !isDbConnected(); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it("GET /sanctum/csrf-cookie", async () => {
    const result = await hit("get", "/sanctum/csrf-cookie", 204);
    expect(result.headers.get("Set-Cookie")).toMatch(new RegExp(`^${XSRF_COOKIE}=`));
  });

  it("POST /api/login", async () => {
    const credentials = { email: "contract@studio.test", password: "test-password" };
    await hit("post", "/api/login", 200, { body: { json: credentials }, documentsRequest: true });
    await hit("post", "/api/login", 200, { body: { form: credentials }, documentsRequest: true });
    await hit("post", "/api/login", 200, { body: { multipart: credentials }, documentsRequest: true });
    await hit("post", "/api/login", 422, { body: { json: {} } });
    await hit("post", "/api/login", 400, { body: brokenJson });
    await hit("post", "/api/login", 413, { body: tooLargeJson() });
    await hit("post", "/api/login", 415, { body: { raw: JSON.stringify(credentials), type: "text/plain;charset=UTF-8" } });
    const wrong = { email: "throttled@studio.test", password: "wrong-password" };
    for (let attempt = 0; attempt < 5; attempt++) await hit("post", "/api/login", 401, { body: { json: wrong } });
    await hit("post", "/api/login", 429, { body: { json: wrong } });

    // Two-factor sign-in: the code in the same request; without it, 401 with two_factor_required.
    const secured = await signedInAdmin("two-factor@studio.test", "Two-factor Admin");
    const secret = await turnOnTwoFactor(secured.admin);
    const withCode = { email: "two-factor@studio.test", password: "test-password" };
    const asked = await hit("post", "/api/login", 401, { body: { json: withCode } });
    expect(asked.data).toMatchObject({ two_factor_required: true });
    await hit("post", "/api/login", 200, { body: { json: { ...withCode, code: await appCode(secret, 1) } }, documentsRequest: true });
  });

  it("POST /api/login: 403 while two-factor sign-in is required and the admin has not set it up", async () => {
    await requireTwoFactor(true);
    try {
      await hit("post", "/api/login", 403, { body: { json: { email: "contract@studio.test", password: "test-password" } } });
    } finally {
      await requireTwoFactor(false);
    }
  });

  it("GET /api/validate-token", async () => {
    const byToken = await hit("get", "/api/validate-token", 200, { auth: { token } });
    expect(byToken.data).toEqual({ user: me.admin });
    await hit("get", "/api/validate-token", 200, { auth: { session: true } });
    await hit("get", "/api/validate-token", 401);
    await hit("get", "/api/validate-token", 401, { auth: { token: `${UNKNOWN_ID}|${"a".repeat(43)}` } });
  });
});

describe("case study routes", () => {
  let created: string;
  let second: string;
  let draft: string;

  it("GET /api/public/case-studies", async () => {
    const first = await hit("get", "/api/public/case-studies", 200);
    const etag = first.headers.get("ETag")!;
    const again = await hit("get", "/api/public/case-studies", 304, { headers: { "If-None-Match": etag } });
    expect(again.headers.get("ETag")).toBe(etag);
    await hit("get", "/api/public/case-studies", 200, { headers: { "If-None-Match": 'W/"another"' } });
    await hit("get", "/api/public/case-studies", 422, { query: "?page=0" });
    // A signed-in admin's request is answered for them alone: private, no-store, and no ETag (documented as optional).
    const own = await hit("get", "/api/public/case-studies", 200, { auth: { session: true } });
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("ETag")).toBeNull();
  });

  it("POST /api/case-studies", async () => {
    const files = { image: await imageFile() };
    const first = await hit("post", "/api/case-studies", 201, {
      auth: { token },
      body: { multipart: caseStudyFields("Contract one"), files },
      documentsRequest: true,
    });
    created = (first.data as { id: string }).id;
    const bySession = await hit("post", "/api/case-studies", 201, {
      auth: { session: true, xsrf: true },
      body: { multipart: caseStudyFields("Contract two"), files: { image: await imageFile() } },
      documentsRequest: true,
    });
    second = (bySession.data as { id: string }).id;
    expect(first.data).toMatchObject({ status: "published", image_alt: null });
    const asDraft = await hit("post", "/api/case-studies", 201, {
      auth: { token },
      body: {
        multipart: caseStudyFields("Contract draft", { status: "draft", image_alt: "  A storefront on a phone  ", slug: "Draft Address" }),
        files: { image: await imageFile() },
      },
      documentsRequest: true,
    });
    expect(asDraft.data).toMatchObject({
      title: "Contract draft",
      status: "draft",
      image_alt: "A storefront on a phone",
      slug: "draft-address",
    });
    draft = (asDraft.data as { id: string }).id;
    const taken = await hit("post", "/api/case-studies", 422, {
      auth: { token },
      body: { multipart: caseStudyFields("Taken address", { slug: "draft-address" }), files },
    });
    expect((taken.data as { errors: Record<string, string[]> }).errors).toEqual({ slug: [messages.caseStudySlugTaken] });
    await hit("post", "/api/case-studies", 422, {
      auth: { token },
      body: { multipart: caseStudyFields("Bad status", { status: "archived" }), files },
    });
    await hit("post", "/api/case-studies", 422, {
      auth: { token },
      body: { multipart: caseStudyFields("Long alt", { image_alt: "x".repeat(201) }), files },
    });
    await hit("post", "/api/case-studies", 401, { body: { multipart: caseStudyFields("No auth"), files } });
    await hit("post", "/api/case-studies", 419, { auth: { session: true }, body: { multipart: caseStudyFields("No XSRF"), files } });
    await hit("post", "/api/case-studies", 422, {
      auth: { token },
      body: { multipart: caseStudyFields("", { "outcomes[1][value]": "" }) },
    });
    await hit("post", "/api/case-studies", 415, { auth: { token }, body: { multipart: caseStudyFields("SVG"), files: { image: svg() } } });
    await hit("post", "/api/case-studies", 413, {
      auth: { token },
      body: { multipart: caseStudyFields("Too big"), files: { image: oversize() } },
    });
    await hit("post", "/api/case-studies", 400, { auth: { token }, body: { raw: "--x\r\nbroken", type: "multipart/form-data" } });
  });

  it("GET /api/case-studies, paged too, drafts included, filtered by status", async () => {
    type Listed = { data: { id: string; status: string }[] };
    const all = await hit("get", "/api/case-studies", 200, { auth: { token } });
    expect((all.data as Listed).data).toHaveLength(3);
    expect((all.data as Listed).data.find((study) => study.id === draft)?.status).toBe("draft");
    const page = await hit("get", "/api/case-studies", 200, { auth: { session: true }, query: "?page=2&per_page=1" });
    expect(page.headers.get("X-Total-Count")).toBe("3");
    const drafts = await hit("get", "/api/case-studies", 200, { auth: { token }, query: "?status=draft" });
    expect((drafts.data as Listed).data.map((study) => study.id)).toEqual([draft]);
    expect(drafts.headers.get("X-Total-Count")).toBe("1");
    const published = await hit("get", "/api/case-studies", 200, { auth: { token }, query: "?status=published&page=1&per_page=10" });
    expect((published.data as Listed).data.map((study) => study.id).sort()).toEqual([created, second].sort());
    const refused = await hit("get", "/api/case-studies", 422, { auth: { token }, query: "?status=archived" });
    expect((refused.data as { errors: Record<string, string[]> }).errors.status).toBeDefined();
    await hit("get", "/api/case-studies", 422, { auth: { token }, query: "?per_page=101" });
    await hit("get", "/api/case-studies", 401);
    const publicList = await hit("get", "/api/public/case-studies", 200, { query: "?page=1&per_page=1" });
    expect(publicList.data).toHaveLength(1);
    expect(publicList.headers.get("X-Total-Count")).toBe("2");
    // The public list never holds the draft (not even when asked for), and has no status field.
    for (const query of ["", "?status=draft"]) {
      const everything = await hit("get", "/api/public/case-studies", 200, { query });
      const ids = (everything.data as { id: string }[]).map((study) => study.id);
      expect(ids.sort()).toEqual([created, second].sort());
      for (const study of everything.data as object[]) expect(study).not.toHaveProperty("status");
    }
  });

  it("GET /api/case-studies/{id}", async () => {
    await hit("get", "/api/case-studies/{id}", 200, { auth: { token }, params: { id: created } });
    const theDraft = await hit("get", "/api/case-studies/{id}", 200, { auth: { token }, params: { id: draft } });
    expect(theDraft.data).toMatchObject({ status: "draft", image_alt: "A storefront on a phone" });
    await hit("get", "/api/case-studies/{id}", 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", "/api/case-studies/{id}", 404, { auth: { token }, params: { id: "not-an-id" } });
    await hit("get", "/api/case-studies/{id}", 401, { params: { id: created } });
  });

  it("GET /api/public/case-studies/{slug}", async () => {
    const path = "/api/public/case-studies/{slug}";
    const { slug } = (await hit("get", "/api/case-studies/{id}", 200, { auth: { token }, params: { id: created } })).data as {
      slug: string;
    };
    expect(slug).toBe("contract-one");
    const found = await hit("get", path, 200, { params: { slug } });
    expect(found.data).toMatchObject({ id: created, slug });
    await hit("get", path, 304, { params: { slug }, headers: { "If-None-Match": found.headers.get("ETag")! } });
    const moved = await hit("get", path, 301, { params: { slug: created }, query: "?lang=en" });
    expect(moved.headers.get("Location")).toBe(`/api/public/case-studies/${slug}?lang=en`);
    const missing = await hit("get", path, 404, { params: { slug: "nobody-ever-had-this" } });
    expect(missing.data).toEqual({ message: messages.apiCaseStudyNotFound });
    await hit("get", path, 404, { params: { slug: "draft-address" } });
  });

  it("a case study's story, gallery and social image: multipart and JSON, addresses absolute in answers", async () => {
    const told = await hit("post", "/api/case-studies", 201, {
      auth: { token },
      body: {
        multipart: caseStudyFields("Contract story", {
          summary: "In short.",
          challenge: "## Where it began\n\n- one\n- two",
          "gallery[0][alt]": "A chart of sign-ups",
          "gallery[0][caption]": "Weekly",
        }),
        files: { image: await imageFile(), "gallery[0][image]": await imageFile(), seo_image: await imageFile() },
      },
      documentsRequest: true,
    });
    const { id, gallery } = told.data as { id: string; gallery: { url: string }[] };
    const changed = await hit("patch", "/api/case-studies/{id}", 200, {
      auth: { token },
      params: { id },
      body: { json: { gallery: [{ url: gallery[0]!.url, alt: "Kept", caption: null }], seo_image_url: null, seo_title: "Contract" } },
      documentsRequest: true,
    });
    expect(changed.data).toMatchObject({ gallery: [{ url: gallery[0]!.url, alt: "Kept", caption: null }], seo_image_url: null });
    await hit("patch", "/api/case-studies/{id}", 422, {
      auth: { token },
      params: { id },
      body: { json: { gallery: [{ url: "/uploads/0123456789abcdef0123456789abcdef-1600.webp", alt: "Gone" }] } },
    });
  });

  for (const method of ["post", "put", "patch"] as const) {
    it(`${method.toUpperCase()} /api/case-studies/{id}`, async () => {
      const path = "/api/case-studies/{id}";
      const params = { id: created };
      const auth = { token };
      await hit(method, path, 200, { auth, params, body: { multipart: caseStudyFields(`Updated by ${method}`) }, documentsRequest: true });
      await hit(method, path, 200, {
        auth,
        params,
        body: { multipart: caseStudyFields(`New image by ${method}`), files: { image: await imageFile() } },
        documentsRequest: true,
      });
      await hit(method, path, 200, { auth, params, body: { form: caseStudyFields(`Form by ${method}`) }, documentsRequest: true });
      const byJson = await hit(method, path, 200, {
        auth: { session: true, xsrf: true },
        params,
        body: { json: caseStudyJson(`JSON by ${method}`) },
        documentsRequest: true,
      });
      expect(byJson.data).toMatchObject({ title: `JSON by ${method}`, website_url: null });
      // status and image_alt: left out they stay, given they change, empty clears the alt text.
      const drafted = await hit(method, path, 200, {
        auth,
        params,
        body: { json: { ...caseStudyJson(`Draft by ${method}`), status: "draft", image_alt: "Cover" } },
        documentsRequest: true,
      });
      expect(drafted.data).toMatchObject({ status: "draft", image_alt: "Cover" });
      const kept = await hit(method, path, 200, {
        auth,
        params,
        body: { multipart: caseStudyFields(`Kept by ${method}`) },
        documentsRequest: true,
      });
      expect(kept.data).toMatchObject({ status: "draft", image_alt: "Cover" });
      const back = await hit(method, path, 200, {
        auth,
        params,
        body: { form: caseStudyFields(`Back by ${method}`, { status: "published", image_alt: "" }) },
        documentsRequest: true,
      });
      expect(back.data).toMatchObject({ status: "published", image_alt: null });
      const changes = { json: { status: "draft" } };
      const requestSchema = (type: string) => operationOf(method, path).requestBody.content[type].schema as Json;
      if (method === "patch") {
        const partly = await hit(method, path, 200, { auth, params, body: changes, documentsRequest: true });
        expect(partly.data).toMatchObject({ title: `Back by ${method}`, status: "draft" });
        await hit(method, path, 200, { auth, params, body: { multipart: { status: "published" } }, documentsRequest: true });
        await hit(method, path, 200, {
          auth,
          params,
          body: { multipart: {}, files: { image: await imageFile() } },
          documentsRequest: true,
        });
        await hit(method, path, 422, { auth, params, body: { json: {} } });
        expect(validatorOf(requestSchema("application/json"))({}), "an empty change is refused by the document too").toBe(false);
      } else {
        // A whole update: the document refuses a part, as the route does.
        expect(validatorOf(requestSchema("application/json"))(changes.json)).toBe(false);
        expect(validatorOf(requestSchema("multipart/form-data"))({ status: "published" })).toBe(false);
        await hit(method, path, 422, { auth, params, body: changes });
      }
      await hit(method, path, 404, { auth, params: { id: UNKNOWN_ID }, body: { multipart: caseStudyFields("Nobody") } });
      await hit(method, path, 422, { auth, params, body: { json: { ...caseStudyJson("Bad"), website_url: "not a url" } } });
      await hit(method, path, 400, { auth, params, body: brokenJson });
      await hit(method, path, 415, { auth, params, body: { multipart: caseStudyFields("SVG"), files: { image: svg() } } });
      await hit(method, path, 413, { auth, params, body: { multipart: caseStudyFields("Too big"), files: { image: oversize() } } });
      await hit(method, path, 401, { params, body: { json: caseStudyJson("No auth") } });
      await hit(method, path, 419, { auth: { session: true }, params, body: { json: caseStudyJson("No XSRF") } });
    });
  }

  it("DELETE /api/case-studies/{id}", async () => {
    const path = "/api/case-studies/{id}";
    await hit("delete", path, 401, { params: { id: second } });
    await hit("delete", path, 419, { auth: { session: true }, params: { id: second } });
    await hit("delete", path, 200, { auth: { session: true, xsrf: true }, params: { id: second } });
    await hit("delete", path, 404, { auth: { token }, params: { id: second } });
  });
});

describe("case study history routes", () => {
  let id: string;
  const versions = "/api/case-studies/{id}/versions";
  const restore = "/api/case-studies/{id}/versions/{n}/restore";

  it("GET /api/case-studies/{id}/versions", async () => {
    const created = await hit("post", "/api/case-studies", 201, {
      auth: { token },
      body: { multipart: caseStudyFields("History one"), files: { image: await imageFile() } },
    });
    id = (created.data as { id: string }).id;
    await hit("patch", "/api/case-studies/{id}", 200, { auth: { token }, params: { id }, body: { json: { title: "History two" } } });
    const all = await hit("get", versions, 200, { auth: { token }, params: { id } });
    expect((all.data as { data: { n: number; action: string }[] }).data.map(({ n, action }) => ({ n, action }))).toEqual([
      { n: 2, action: "update" },
      { n: 1, action: "create" },
    ]);
    const page = await hit("get", versions, 200, { auth: { session: true }, params: { id }, query: "?page=2&per_page=1" });
    expect(page.headers.get("X-Total-Count")).toBe("2");
    await hit("get", versions, 422, { auth: { token }, params: { id }, query: "?per_page=0" });
    await hit("get", versions, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", versions, 401, { params: { id } });
  });

  it("POST /api/case-studies/{id}/versions/{n}/restore", async () => {
    const restored = await hit("post", restore, 200, { auth: { token }, params: { id, n: "1" } });
    expect(restored.data).toMatchObject({ id, title: "History one" });
    await hit("post", restore, 200, { auth: { session: true, xsrf: true }, params: { id, n: "2" } });
    const unknown = await hit("post", restore, 404, { auth: { token }, params: { id, n: "99" } });
    expect(unknown.data).toEqual({ message: "This version no longer exists." });
    await hit("post", restore, 404, { auth: { token }, params: { id: UNKNOWN_ID, n: "1" } });
    await hit("post", restore, 401, { params: { id, n: "1" } });
    await hit("post", restore, 419, { auth: { session: true }, params: { id, n: "1" } });
  });
});

describe("admin routes", () => {
  let added: string;

  it("GET /api/admins", async () => {
    const result = await hit("get", "/api/admins", 200, { auth: { token } });
    expect(result.data).toContainEqual(me.admin);
    await hit("get", "/api/admins", 401);
  });

  it("POST /api/admins", async () => {
    const path = "/api/admins";
    const json = await hit("post", path, 201, {
      auth: { token },
      body: { json: { name: "Json Admin", email: "json@studio.test", password: "json-password" } },
      documentsRequest: true,
    });
    added = (json.data as { id: string }).id;
    await hit("post", path, 201, {
      auth: { token },
      body: { form: { name: "Form Admin", email: "form@studio.test", password: "form-password" } },
      documentsRequest: true,
    });
    await hit("post", path, 201, {
      auth: { session: true, xsrf: true },
      body: { multipart: { name: "Multipart Admin", email: "multipart@studio.test", password: "multipart-password" } },
      documentsRequest: true,
    });
    await hit("post", path, 422, {
      auth: { token },
      body: { json: { name: "Again", email: "json@studio.test", password: "json-password" } },
    });
    await hit("post", path, 422, { auth: { token }, body: { json: {} } });
    await hit("post", path, 415, { auth: { token }, body: { raw: JSON.stringify({ name: "Plain" }), type: "text/plain" } });
    await hit("post", path, 400, { auth: { token }, body: brokenJson });
    await hit("post", path, 413, { auth: { token }, body: tooLargeJson() });
    await hit("post", path, 401, { body: { json: { name: "N", email: "n@studio.test", password: "n-password" } } });
    await hit("post", path, 419, {
      auth: { session: true },
      body: { json: { name: "N", email: "n@studio.test", password: "n-password" } },
    });
  });

  it("GET /api/admins/{id}", async () => {
    const path = "/api/admins/{id}";
    const result = await hit("get", path, 200, { auth: { token }, params: { id: added } });
    expect(result.data).toEqual({ id: added, name: "Json Admin", email: "json@studio.test", role: "admin" });
    await hit("get", path, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", path, 401, { params: { id: added } });
  });

  it("PATCH /api/admins/{id}", async () => {
    const path = "/api/admins/{id}";
    const id = { id: added };
    const changed = await hit("patch", path, 200, {
      auth: { token },
      params: id,
      body: { json: { role: "editor" } },
      documentsRequest: true,
    });
    expect(changed.data).toMatchObject({ id: added, role: "editor" });
    await hit("patch", path, 200, { auth: { token }, params: id, body: { form: { role: "sales" } }, documentsRequest: true });
    await hit("patch", path, 200, {
      auth: { session: true, xsrf: true },
      params: id,
      body: { multipart: { role: "admin" } },
      documentsRequest: true,
    });
    await hit("patch", path, 422, { auth: { token }, params: id, body: { json: { role: "boss" } } });
    // The signed-in admin is the site's only Owner.
    await hit("patch", path, 409, { auth: { token }, params: { id: me.admin.id }, body: { json: { role: "admin" } } });
    await hit("patch", path, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { role: "admin" } } });
    await hit("patch", path, 415, { auth: { token }, params: id, body: { raw: JSON.stringify({ role: "admin" }), type: "text/plain" } });
    await hit("patch", path, 400, { auth: { token }, params: id, body: brokenJson });
    await hit("patch", path, 413, { auth: { token }, params: id, body: tooLargeJson() });
    await hit("patch", path, 401, { params: id, body: { json: { role: "admin" } } });
    await hit("patch", path, 419, { auth: { session: true }, params: id, body: { json: { role: "admin" } } });
  });

  it("DELETE /api/admins/{id}", async () => {
    const path = "/api/admins/{id}";
    await hit("delete", path, 409, { auth: { token }, params: { id: me.admin.id } });
    await hit("delete", path, 401, { params: { id: added } });
    await hit("delete", path, 419, { auth: { session: true }, params: { id: added } });
    await hit("delete", path, 200, { auth: { token }, params: { id: added } });
    await hit("delete", path, 404, { auth: { token }, params: { id: added } });
  });
});

describe("site content routes", () => {
  const partPath = "/api/content/{part}";
  const home = { part: "home" };
  let published: Json;

  it("GET /api/public/content", async () => {
    await seedSiteContent();
    const first = await hit("get", "/api/public/content", 200);
    const etag = first.headers.get("ETag")!;
    await hit("get", "/api/public/content", 304, { headers: { "If-None-Match": etag } });
    expect((await hit("get", "/api/public/content", 200, { auth: { session: true } })).headers.get("ETag")).toBeNull();
    expect((first.data as Json).team.members[0].portrait.url).toMatch(/^http:\/\/localhost:3000\/images\//);
  });

  it("GET /api/content/{part}", async () => {
    const result = await hit("get", partPath, 200, { auth: { token }, params: home });
    published = (result.data as Json).published;
    for (const part of ["brand", "services", "testimonials", "about", "team", "social", "terms"]) {
      await hit("get", partPath, 200, { auth: { session: true }, params: { part } });
    }
    await hit("get", partPath, 404, { auth: { token }, params: { part: "pricing" } });
    await hit("get", partPath, 401, { params: home });
  });

  it("PUT /api/content/{part}", async () => {
    const drafted = await hit("put", partPath, 200, {
      auth: { token },
      params: home,
      body: { json: { content: { ...published, heroHeadline: "Drafted by contract" } } },
      documentsRequest: true,
    });
    expect(drafted.data).toMatchObject({ draft: { heroHeadline: "Drafted by contract" }, version: { state: "draft" } });
    // What GET gave, absolute image addresses included, goes back as it is.
    const team = (await hit("get", partPath, 200, { auth: { token }, params: { part: "team" } })).data as Json;
    await hit("put", partPath, 200, {
      auth: { session: true, xsrf: true },
      params: { part: "team" },
      body: { json: { content: team.published, publish: true } },
      documentsRequest: true,
    });
    await hit("put", partPath, 422, { auth: { token }, params: home, body: { json: { content: { ...published, heroHeadline: "" } } } });
    await hit("put", partPath, 422, { auth: { token }, params: home, body: { json: {} } });
    await hit("put", partPath, 404, { auth: { token }, params: { part: "pricing" }, body: { json: { content: published } } });
    await hit("put", partPath, 400, { auth: { token }, params: home, body: brokenJson });
    await hit("put", partPath, 413, { auth: { token }, params: home, body: tooLargeJson() });
    await hit("put", partPath, 415, {
      auth: { token },
      params: home,
      body: { raw: JSON.stringify({ content: published }), type: "text/plain" },
    });
    await hit("put", partPath, 401, { params: home, body: { json: { content: published } } });
    await hit("put", partPath, 419, { auth: { session: true }, params: home, body: { json: { content: published } } });
  });

  it("POST /api/content/{part}/publish and DELETE /api/content/{part}/draft", async () => {
    await hit("post", "/api/content/{part}/publish", 200, { auth: { token }, params: home });
    await hit("post", "/api/content/{part}/publish", 409, { auth: { token }, params: home });
    await hit("post", "/api/content/{part}/publish", 404, { auth: { token }, params: { part: "pricing" } });
    await hit("post", "/api/content/{part}/publish", 401, { params: home });
    await hit("post", "/api/content/{part}/publish", 419, { auth: { session: true }, params: home });
    await hit("delete", "/api/content/{part}/draft", 200, { auth: { session: true, xsrf: true }, params: home });
    await hit("delete", "/api/content/{part}/draft", 404, { auth: { token }, params: { part: "pricing" } });
    await hit("delete", "/api/content/{part}/draft", 401, { params: home });
    await hit("delete", "/api/content/{part}/draft", 419, { auth: { session: true }, params: home });
  });

  it("GET /api/content/{part}/versions and /api/content/{part}/versions/{n}", async () => {
    const listed = await hit("get", "/api/content/{part}/versions", 200, { auth: { token }, params: home });
    expect((listed.data as { data: { n: number }[] }).data.map((entry) => entry.n)).toEqual([3, 2, 1]);
    await hit("get", "/api/content/{part}/versions", 200, { auth: { session: true }, params: home, query: "?page=2&per_page=1" });
    await hit("get", "/api/content/{part}/versions", 422, { auth: { token }, params: home, query: "?per_page=101" });
    await hit("get", "/api/content/{part}/versions", 404, { auth: { token }, params: { part: "pricing" } });
    await hit("get", "/api/content/{part}/versions", 401, { params: home });
    const path = "/api/content/{part}/versions/{n}";
    for (const part of ["home", "team"]) await hit("get", path, 200, { auth: { token }, params: { part, n: "1" } });
    await hit("get", path, 404, { auth: { token }, params: { part: "home", n: "99" } });
    await hit("get", path, 401, { params: { part: "home", n: "1" } });
  });

  it("POST /api/content/{part}/versions/{n}/restore", async () => {
    const path = "/api/content/{part}/versions/{n}/restore";
    const first = { part: "home", n: "1" };
    await hit("post", path, 200, { auth: { token }, params: first });
    const live = await hit("post", path, 200, {
      auth: { session: true, xsrf: true },
      params: { part: "home", n: "2" },
      body: { json: { publish: true } },
      documentsRequest: true,
    });
    expect(live.data).toMatchObject({ draft: null, version: { restored_from: 2, state: "published" } });
    const { version } = await recordVersion(contentSubject("footer"), { blurb: "" }, { state: "draft", action: "draft", author: null });
    await hit("post", path, 409, { auth: { token }, params: { part: "footer", n: String(version.n) } });
    await hit("post", path, 404, { auth: { token }, params: { part: "home", n: "99" } });
    await hit("post", path, 422, { auth: { token }, params: first, body: { json: { publish: "yes" } } });
    await hit("post", path, 400, { auth: { token }, params: first, body: brokenJson });
    await hit("post", path, 413, { auth: { token }, params: first, body: tooLargeJson() });
    await hit("post", path, 415, { auth: { token }, params: first, body: { raw: "{}", type: "text/plain" } });
    await hit("post", path, 401, { params: first });
    await hit("post", path, 419, { auth: { session: true }, params: first });
  });

  it("POST /api/content/images", async () => {
    const path = "/api/content/images";
    const stored = await hit("post", path, 201, {
      auth: { token },
      body: { multipart: {}, files: { image: await imageFile() } },
      documentsRequest: true,
    });
    const url = (stored.data as { url: string }).url;
    const team = (await hit("get", partPath, 200, { auth: { token }, params: { part: "team" } })).data as Json;
    const members = [{ ...team.published.members[0], portrait: { url, alt: "A new portrait" } }];
    await hit("put", partPath, 200, {
      auth: { token },
      params: { part: "team" },
      body: { json: { content: { members } } },
      documentsRequest: true,
    });
    await hit("post", path, 201, { auth: { session: true, xsrf: true }, body: { multipart: {}, files: { image: await imageFile() } } });
    await hit("post", path, 422, { auth: { token }, body: { multipart: { alt: "no file" } } });
    await hit("post", path, 415, { auth: { token }, body: { multipart: {}, files: { image: svg() } } });
    await hit("post", path, 413, { auth: { token }, body: { multipart: {}, files: { image: oversize() } } });
    await hit("post", path, 400, { auth: { token }, body: { raw: "--x\r\nbroken", type: "multipart/form-data" } });
    await hit("post", path, 401, { body: { multipart: {}, files: { image: await imageFile() } } });
    await hit("post", path, 419, { auth: { session: true }, body: { multipart: {}, files: { image: await imageFile() } } });
  });
});

describe("industries", () => {
  type IndustryAnswer = { id: string; name: string; case_studies: number };
  const industries = async () => (await hit("get", "/api/industries", 200, { auth: { token } })).data as IndustryAnswer[];

  it("GET /api/industries", async () => {
    expect((await industries()).map((industry) => industry.name)).toContain("Retail");
    await hit("get", "/api/industries", 401);
  });

  it("POST /api/industries", async () => {
    await hit("post", "/api/industries", 201, { auth: { token }, body: { json: { name: "Contract Industry" } }, documentsRequest: true });
    await hit("post", "/api/industries", 201, {
      auth: { session: true, xsrf: true },
      body: { form: { name: "Contract Form Industry" } },
      documentsRequest: true,
    });
    await hit("post", "/api/industries", 409, { auth: { token }, body: { json: { name: "contract industry" } } });
    await hit("post", "/api/industries", 422, { auth: { token }, body: { json: { name: " " } } });
    await hit("post", "/api/industries", 400, { auth: { token }, body: brokenJson });
    await hit("post", "/api/industries", 413, { auth: { token }, body: tooLargeJson() });
    await hit("post", "/api/industries", 415, { auth: { token }, body: { raw: "name=x", type: "text/plain" } });
    await hit("post", "/api/industries", 401, { body: { json: { name: "No auth" } } });
    await hit("post", "/api/industries", 419, { auth: { session: true }, body: { json: { name: "No XSRF" } } });
  });

  it("PATCH /api/industries/{id}", async () => {
    const id = (await industries()).find((industry) => industry.name === "Contract Industry")!.id;
    const path = "/api/industries/{id}";
    const renamed = await hit("patch", path, 200, {
      auth: { token },
      params: { id },
      body: { json: { name: "Contract Industry, renamed", position: 1 } },
      documentsRequest: true,
    });
    expect(renamed.data).toMatchObject({ name: "Contract Industry, renamed", position: 1 });
    await hit("patch", path, 409, { auth: { token }, params: { id }, body: { json: { name: "RETAIL" } } });
    await hit("patch", path, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { name: "Anything" } } });
    await hit("patch", path, 422, { auth: { token }, params: { id }, body: { json: {} } });
    await hit("patch", path, 400, { auth: { token }, params: { id }, body: brokenJson });
    await hit("patch", path, 413, { auth: { token }, params: { id }, body: tooLargeJson() });
    await hit("patch", path, 415, { auth: { token }, params: { id }, body: { raw: "name=x", type: "text/plain" } });
    await hit("patch", path, 401, { params: { id }, body: { json: { name: "No auth" } } });
    await hit("patch", path, 419, { auth: { session: true }, params: { id }, body: { json: { name: "No XSRF" } } });
  });

  it("DELETE /api/industries/{id}", async () => {
    const listed = await industries();
    const used = listed.find((industry) => industry.case_studies > 0)!;
    const unused = listed.find((industry) => industry.name === "Contract Form Industry")!;
    const path = "/api/industries/{id}";
    await hit("delete", path, 409, { auth: { token }, params: { id: used.id } });
    await hit("delete", path, 401, { params: { id: unused.id } });
    await hit("delete", path, 419, { auth: { session: true }, params: { id: unused.id } });
    await hit("delete", path, 200, { auth: { token }, params: { id: unused.id } });
    await hit("delete", path, 404, { auth: { token }, params: { id: unused.id } });
  });
});

describe("invitations and password reset", () => {
  const env = getEnv();
  const savedSmtp = env.SMTP_URL;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailedId = "";
  let handedToken = "";
  let takenId = "";
  let takenToken = "";
  const tokenIn = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(text)![1]!;
  const linkOf = (result: Outcome) => (result.data as { link: string }).link;
  // Past the 64 KB cap of a body sent without an account.
  const overCap = () => ({ raw: JSON.stringify({ password: "x".repeat(70 * 1024) }), type: "application/json" });
  const fromAnywhere = () => ({ "X-Forwarded-For": randomAddress() });

  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await outboxIdle();
    env.SMTP_URL = savedSmtp;
    await smtp.close();
  });

  it("GET and POST /api/invitations", async () => {
    const path = "/api/invitations";
    env.SMTP_URL = smtp.url;
    const mailed = await hit("post", path, 201, {
      auth: { token },
      body: { json: { name: "Mailed Invitee", email: "mailed-invitee@studio.test" } },
      documentsRequest: true,
    });
    expect(mailed.data).toMatchObject({ emailed: true, link: null });
    mailedId = (mailed.data as { invitation: { id: string } }).invitation.id;
    await outboxIdle();
    env.SMTP_URL = "";
    const handed = await hit("post", path, 201, {
      auth: { session: true, xsrf: true },
      body: { form: { name: "Handed Invitee", email: "handed-invitee@studio.test" } },
      documentsRequest: true,
    });
    handedToken = tokenIn(linkOf(handed), "/invitation");
    const taken = await hit("post", path, 201, {
      auth: { token },
      body: { multipart: { name: "Taken Invitee", email: "taken-invitee@studio.test" } },
      documentsRequest: true,
    });
    takenId = (taken.data as { invitation: { id: string } }).invitation.id;
    takenToken = tokenIn(linkOf(taken), "/invitation");
    // Its email becomes an admin's by a change of email: the invitation can now only be refused.
    const other = await createTestAdmin({ name: "Renamed", email: "renamed-admin@studio.test", password: "renamed-password" });
    if (!other.ok) throw new Error(other.reason);
    await updateAdmin(
      other.value.id,
      adminUpdateInput.parse({ name: "Renamed", email: "taken-invitee@studio.test" }),
      passwords,
      testOrigin(),
    );

    await hit("post", path, 422, { auth: { token }, body: { json: { name: "Again", email: "handed-invitee@studio.test" } } });
    await hit("post", path, 422, { auth: { token }, body: { json: { name: "", email: "x" } } });
    await hit("post", path, 400, { auth: { token }, body: brokenJson });
    await hit("post", path, 413, { auth: { token }, body: tooLargeJson() });
    await hit("post", path, 415, { auth: { token }, body: { raw: "name=x", type: "text/plain" } });
    await hit("post", path, 401, { body: { json: { name: "No auth", email: "no-auth@studio.test" } } });
    await hit("post", path, 419, { auth: { session: true }, body: { json: { name: "No XSRF", email: "no-xsrf@studio.test" } } });

    const listed = await hit("get", path, 200, { auth: { token } });
    expect((listed.data as { email: string }[]).map((invitation) => invitation.email)).toEqual([
      "mailed-invitee@studio.test",
      "handed-invitee@studio.test",
      "taken-invitee@studio.test",
    ]);
    await hit("get", path, 401);
  });

  it("POST /api/invitations/{id}/resend and DELETE /api/invitations/{id}", async () => {
    const resend = "/api/invitations/{id}/resend";
    const resent = await hit("post", resend, 200, { auth: { token }, params: { id: mailedId } });
    expect(resent.data).toMatchObject({ emailed: false, link: expect.stringContaining("/invitation/") });
    const id = (resent.data as { invitation: { id: string } }).invitation.id;
    await hit("post", resend, 404, { auth: { token }, params: { id: mailedId } });
    await hit("post", resend, 409, { auth: { token }, params: { id: takenId } });
    await hit("post", resend, 401, { params: { id } });
    await hit("post", resend, 419, { auth: { session: true }, params: { id } });

    const withdraw = "/api/invitations/{id}";
    await hit("delete", withdraw, 401, { params: { id } });
    await hit("delete", withdraw, 419, { auth: { session: true }, params: { id } });
    await hit("delete", withdraw, 200, { auth: { token }, params: { id } });
    await hit("delete", withdraw, 404, { auth: { token }, params: { id } });
  });

  it("GET and POST /api/invitations/accept/{token}", async () => {
    const path = "/api/invitations/accept/{token}";
    const params = { token: handedToken };
    const unknown = { token: "A".repeat(43) };
    const pending = await hit("get", path, 200, { params });
    expect(pending.data).toEqual({ state: "pending", name: "Handed Invitee", email: "handed-invitee@studio.test", role: "admin" });
    await hit("get", path, 404, { params: unknown });
    await hit("post", path, 422, { params, body: { json: { password: "short" } } });
    await hit("post", path, 400, { params, body: brokenJson });
    await hit("post", path, 413, { params, body: overCap() });
    await hit("post", path, 415, { params, body: { raw: "password=x", type: "text/plain" } });
    await hit("post", path, 404, { params: unknown, body: { json: { password: "accepted-password" } } });
    await hit("post", path, 409, { params: { token: takenToken }, body: { json: { password: "accepted-password" } } });
    const made = await hit("post", path, 201, { params, body: { json: { password: "accepted-password" } }, documentsRequest: true });
    expect(made.data).toMatchObject({ name: "Handed Invitee", email: "handed-invitee@studio.test" });
    const used = await hit("post", path, 410, { params, body: { form: { password: "accepted-password" } } });
    expect(used.data).toEqual({ message: messages.linkUsed, state: "used" });
    await hit("get", path, 410, { params });
  });

  it("POST /api/password-reset, GET and POST /api/password-reset/{token}", async () => {
    const ask = "/api/password-reset";
    const email = "reset-contract@studio.test";
    const created = await createTestAdmin({ name: "Reset Contract", email, password: "before-reset-1" });
    if (!created.ok) throw new Error(created.reason);
    env.SMTP_URL = "";
    const off = await hit("post", ask, 501, { body: { json: { email } }, headers: fromAnywhere() });
    expect(off.data).toEqual({ message: messages.resetMailOff });
    env.SMTP_URL = smtp.url;
    const taken = await hit("post", ask, 202, { body: { json: { email } }, headers: fromAnywhere(), documentsRequest: true });
    const unknown = await hit("post", ask, 202, {
      body: { form: { email: "nobody@studio.test" } },
      headers: fromAnywhere(),
      documentsRequest: true,
    });
    expect(unknown.data).toEqual(taken.data);
    await hit("post", ask, 422, { body: { json: { email: "not-an-email" } }, headers: fromAnywhere() });
    await hit("post", ask, 400, { body: brokenJson, headers: fromAnywhere() });
    await hit("post", ask, 413, { body: overCap(), headers: fromAnywhere() });
    await hit("post", ask, 415, { body: { raw: "email=x", type: "text/plain" }, headers: fromAnywhere() });
    for (let n = 0; n < 5; n++) await hit("post", ask, 202, { body: { json: { email: "limited@studio.test" } }, headers: fromAnywhere() });
    await hit("post", ask, 429, { body: { json: { email: "limited@studio.test" } }, headers: fromAnywhere() });

    await outboxIdle();
    await processOutbox();
    const mail = smtp.received.find((received) => received.rcptTo.includes(email))!;
    const params = { token: tokenIn(mail.text, "/reset-password") };
    const path = "/api/password-reset/{token}";
    const unknownToken = { token: "C".repeat(43) };
    expect((await hit("get", path, 200, { params })).data).toEqual({ state: "pending", email });
    await hit("get", path, 404, { params: unknownToken });
    await hit("post", path, 422, { params, body: { json: { password: "short" } } });
    await hit("post", path, 400, { params, body: brokenJson });
    await hit("post", path, 413, { params, body: overCap() });
    await hit("post", path, 415, { params, body: { raw: "password=x", type: "text/plain" } });
    await hit("post", path, 404, { params: unknownToken, body: { json: { password: "after-reset-1" } } });
    await hit("post", path, 200, { params, body: { multipart: { password: "after-reset-1" } }, documentsRequest: true });
    await hit("post", path, 410, { params, body: { json: { password: "after-reset-2" } } });
    await hit("get", path, 410, { params });
  });
});

describe("leads", () => {
  const noMail = { newMessage: async () => {}, enabled: () => false, send: async () => false };
  let id: string;
  const leadPath = "/api/leads/{id}";
  const notesPath = "/api/leads/{id}/notes";

  it("GET /api/leads and GET /api/leads.csv", async () => {
    id = (await createContactMessage({ name: "Contract Lead", email: "lead@example.com", message: "=1+1" }, noMail)).id;
    const listed = await hit("get", "/api/leads", 200, { auth: { token } });
    expect((listed.data as { data: { id: string }[] }).data.map((lead) => lead.id)).toContain(id);
    await hit("get", "/api/leads", 200, {
      auth: { session: true },
      query: `?status=new&owner=none&q=contract&from=2026-01-01&to=2099-12-31&page=1&per_page=5`,
    });
    await hit("get", "/api/leads", 422, { auth: { token }, query: "?from=yesterday" });
    await hit("get", "/api/leads", 401);
    const exported = await hit("get", "/api/leads.csv", 200, { auth: { token }, query: `?owner=${me.admin.id}` });
    expect(exported.headers.get("X-Total-Count")).toBe("0");
    await hit("get", "/api/leads.csv", 200, { auth: { session: true }, query: "?status=new" });
    await hit("get", "/api/leads.csv", 422, { auth: { token }, query: "?status=archived" });
    await hit("get", "/api/leads.csv", 401);
  });

  it("GET and PATCH /api/leads/{id}", async () => {
    await hit("get", leadPath, 200, { auth: { token }, params: { id } });
    await hit("get", leadPath, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", leadPath, 401, { params: { id } });
    const changed = await hit("patch", leadPath, 200, {
      auth: { token },
      params: { id },
      body: { json: { status: "qualified", owner_id: me.admin.id } },
      documentsRequest: true,
    });
    expect(changed.data).toMatchObject({ status: "qualified", owner: { id: me.admin.id, name: me.admin.name, email: me.admin.email } });
    await hit("patch", leadPath, 200, {
      auth: { session: true, xsrf: true },
      params: { id },
      body: { json: { owner_id: null } },
      documentsRequest: true,
    });
    await hit("patch", leadPath, 200, { auth: { token }, params: { id }, body: { form: { status: "won" } }, documentsRequest: true });
    await hit("patch", leadPath, 422, { auth: { token }, params: { id }, body: { json: { owner_id: UNKNOWN_ID } } });
    await hit("patch", leadPath, 422, { auth: { token }, params: { id }, body: { json: {} } });
    await hit("patch", leadPath, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { status: "won" } } });
    await hit("patch", leadPath, 400, { auth: { token }, params: { id }, body: brokenJson });
    await hit("patch", leadPath, 413, { auth: { token }, params: { id }, body: tooLargeJson() });
    await hit("patch", leadPath, 415, { auth: { token }, params: { id }, body: { raw: "status=won", type: "text/plain" } });
    await hit("patch", leadPath, 401, { params: { id }, body: { json: { status: "won" } } });
    await hit("patch", leadPath, 419, { auth: { session: true }, params: { id }, body: { json: { status: "won" } } });
  });

  it("POST /api/leads/{id}/notes", async () => {
    const note = await hit("post", notesPath, 201, {
      auth: { token },
      params: { id },
      body: { json: { text: "Called" } },
      documentsRequest: true,
    });
    expect(note.data).toMatchObject({ text: "Called", author: { id: me.admin.id } });
    await hit("post", notesPath, 201, {
      auth: { session: true, xsrf: true },
      params: { id },
      body: { form: { text: "Again" } },
      documentsRequest: true,
    });
    const lead = await hit("get", leadPath, 200, { auth: { token }, params: { id } });
    expect((lead.data as { notes: unknown[] }).notes).toHaveLength(2);
    await hit("post", notesPath, 422, { auth: { token }, params: { id }, body: { json: { text: "" } } });
    await hit("post", notesPath, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { text: "Nobody" } } });
    await hit("post", notesPath, 400, { auth: { token }, params: { id }, body: brokenJson });
    await hit("post", notesPath, 413, { auth: { token }, params: { id }, body: tooLargeJson() });
    await hit("post", notesPath, 415, { auth: { token }, params: { id }, body: { raw: "text=x", type: "text/plain" } });
    await hit("post", notesPath, 401, { params: { id }, body: { json: { text: "No auth" } } });
    await hit("post", notesPath, 419, { auth: { session: true }, params: { id }, body: { json: { text: "No XSRF" } } });
  });

  it("POST /api/leads/{id}/replies", async () => {
    const repliesPath = "/api/leads/{id}/replies";
    const env = getEnv();
    const savedSmtp = env.SMTP_URL;
    const smtp = await startSmtpSink();
    env.SMTP_URL = smtp.url;
    try {
      const reply = await hit("post", repliesPath, 202, {
        auth: { token },
        params: { id },
        body: { json: { body: "Hello" } },
        documentsRequest: true,
      });
      expect(reply.data).toMatchObject({ state: "queued", author: { id: me.admin.id } });
      await hit("post", repliesPath, 202, {
        auth: { session: true, xsrf: true },
        params: { id },
        body: { form: { subject: "Your project", body: "Again" } },
        documentsRequest: true,
      });
      await outboxIdle();
      const lead = await hit("get", leadPath, 200, { auth: { token }, params: { id } });
      expect((lead.data as { replies: { state: string }[] }).replies.map((entry) => entry.state)).toEqual(["sent", "sent"]);
      await hit("post", repliesPath, 422, { auth: { token }, params: { id }, body: { json: { body: " " } } });
      await hit("post", repliesPath, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { body: "Nobody" } } });
      await hit("post", repliesPath, 400, { auth: { token }, params: { id }, body: brokenJson });
      await hit("post", repliesPath, 413, { auth: { token }, params: { id }, body: tooLargeJson() });
      await hit("post", repliesPath, 415, { auth: { token }, params: { id }, body: { raw: "body=x", type: "text/plain" } });
      await hit("post", repliesPath, 401, { params: { id }, body: { json: { body: "No auth" } } });
      await hit("post", repliesPath, 419, { auth: { session: true }, params: { id }, body: { json: { body: "No XSRF" } } });
      env.SMTP_URL = "";
      await hit("post", repliesPath, 409, { auth: { token }, params: { id }, body: { json: { body: "Mail off" } } });
    } finally {
      await outboxIdle();
      env.SMTP_URL = savedSmtp;
      await smtp.close();
    }
  });

  it("DELETE /api/leads/{id}", async () => {
    await hit("delete", leadPath, 401, { params: { id } });
    await hit("delete", leadPath, 419, { auth: { session: true }, params: { id } });
    await hit("delete", leadPath, 200, { auth: { session: true, xsrf: true }, params: { id } });
    await hit("delete", leadPath, 404, { auth: { token }, params: { id } });
  });
});

describe("webhooks", () => {
  type WebhookAnswer = { id: string; url: string; secret: string };
  const path = "/api/webhooks";
  const one = "/api/webhooks/{id}";
  // A public literal address: saved without a lookup, and never sent to (nothing runs the queue in this file).
  const publicUrl = "https://93.184.216.34/studio";
  let id = "";

  it("GET and POST /api/webhooks", async () => {
    const created = await hit("post", path, 201, {
      auth: { token },
      body: { json: { url: publicUrl, events: ["admin.deleted"], slack: false } },
      documentsRequest: true,
    });
    id = (created.data as WebhookAnswer).id;
    expect((created.data as WebhookAnswer).secret).toMatch(/^whsec_/);
    const form = await hit("post", path, 201, {
      auth: { session: true, xsrf: true },
      body: { form: { url: publicUrl, events: "admin.created,admin.deleted", enabled: "false" } },
      documentsRequest: true,
    });
    const private_ = await hit("post", path, 422, {
      auth: { token },
      body: { json: { url: "https://169.254.169.254/latest", events: ["lead.created"] } },
    });
    expect(private_.data).toEqual({ message: messages.webhookUrlPrivate, errors: { url: [messages.webhookUrlPrivate] } });
    await hit("post", path, 422, { auth: { token }, body: { json: { url: publicUrl, events: [] } } });
    await hit("post", path, 400, { auth: { token }, body: brokenJson });
    await hit("post", path, 413, { auth: { token }, body: tooLargeJson() });
    await hit("post", path, 415, { auth: { token }, body: { raw: "url=x", type: "text/plain" } });
    await hit("post", path, 401, { body: { json: { url: publicUrl, events: ["lead.created"] } } });
    await hit("post", path, 419, { auth: { session: true }, body: { json: { url: publicUrl, events: ["lead.created"] } } });
    const fillers = await WebhookEndpointModel.insertMany(
      Array.from({ length: MAX_WEBHOOKS - 2 }, () => ({ url: publicUrl, events: ["admin.deleted"], secret: "whsec_x", enabled: false })),
    );
    await hit("post", path, 409, { auth: { token }, body: { json: { url: publicUrl, events: ["lead.created"] } } });
    await WebhookEndpointModel.deleteMany({ _id: { $in: [...fillers.map((doc) => doc._id), (form.data as WebhookAnswer).id] } });

    const listed = await hit("get", path, 200, { auth: { token } });
    expect((listed.data as WebhookAnswer[]).map((hook) => hook.id)).toEqual([id]);
    await hit("get", path, 401);
  });

  it("GET, PATCH and DELETE /api/webhooks/{id}, its deliveries, a test event and sending again", async () => {
    const params = { id };
    await hit("get", one, 200, { auth: { token }, params });
    await hit("get", one, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", one, 401, { params });
    const patched = await hit("patch", one, 200, {
      auth: { token },
      params,
      body: { json: { enabled: false, events: ["admin.created"] } },
      documentsRequest: true,
    });
    expect(patched.data).toMatchObject({ enabled: false, events: ["admin.created"] });
    await hit("patch", one, 200, {
      auth: { session: true, xsrf: true },
      params,
      body: { form: { slack: "true" } },
      documentsRequest: true,
    });
    await hit("patch", one, 422, { auth: { token }, params, body: { json: {} } });
    await hit("patch", one, 422, { auth: { token }, params, body: { json: { url: "http://93.184.216.34/x" } } });
    await hit("patch", one, 404, { auth: { token }, params: { id: UNKNOWN_ID }, body: { json: { enabled: true } } });
    await hit("patch", one, 400, { auth: { token }, params, body: brokenJson });
    await hit("patch", one, 413, { auth: { token }, params, body: tooLargeJson() });
    await hit("patch", one, 415, { auth: { token }, params, body: { raw: "x", type: "text/plain" } });
    await hit("patch", one, 401, { params, body: { json: { enabled: true } } });
    await hit("patch", one, 419, { auth: { session: true }, params, body: { json: { enabled: true } } });

    const test = "/api/webhooks/{id}/test-event";
    const queued = await hit("post", test, 202, { auth: { token }, params });
    await hit("post", test, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("post", test, 401, { params });
    await hit("post", test, 419, { auth: { session: true }, params });

    const deliveries = "/api/webhooks/{id}/deliveries";
    const list = await hit("get", deliveries, 200, { auth: { token }, params });
    expect((list.data as { data: { id: string; type: string; state: string }[] }).data).toEqual([
      expect.objectContaining({ id: (queued.data as { id: string }).id, type: "webhook.test", state: "pending" }),
    ]);
    await hit("get", deliveries, 404, { auth: { token }, params: { id: UNKNOWN_ID } });
    await hit("get", deliveries, 401, { params });

    const resend = "/api/webhooks/{id}/deliveries/{delivery}/resend";
    const delivery = (queued.data as { id: string }).id;
    await hit("post", resend, 202, { auth: { token }, params: { id, delivery } });
    await hit("post", resend, 404, { auth: { token }, params: { id, delivery: UNKNOWN_ID } });
    await hit("post", resend, 401, { params: { id, delivery } });
    await hit("post", resend, 419, { auth: { session: true }, params: { id, delivery } });

    await hit("delete", one, 200, { auth: { token }, params });
    await hit("delete", one, 404, { auth: { token }, params });
    await hit("delete", one, 401, { params });
    await hit("delete", one, 419, { auth: { session: true }, params });
  });
});

describe("the audit log", () => {
  it("GET /api/audit-log: the entries the calls above recorded, paged and filtered", async () => {
    const all = await hit("get", "/api/audit-log", 200, { auth: { token }, query: "?per_page=100" });
    const actions = new Set((all.data as { data: { action: string }[] }).data.map((entry) => entry.action));
    for (const action of ["case-study.created", "case-study.updated", "case-study.deleted", "content.published", "industry.changed"])
      expect(actions).toContain(action);
    await hit("get", "/api/audit-log", 200, {
      auth: { session: true },
      query: `?actor=${me.admin.id}&action=case-study.created&page=2&per_page=1`,
    });
    await hit("get", "/api/audit-log", 200, { auth: { token }, query: "?actor=none&from=2026-01-01&to=2099-12-31" });
    await hit("get", "/api/audit-log", 422, { auth: { token }, query: "?action=everything" });
    await hit("get", "/api/audit-log", 422, { auth: { token }, query: "?per_page=0" });
    await hit("get", "/api/audit-log", 401);
  });

  it("GET /api/audit-log/refusals", async () => {
    await countRefusal(me.admin.id, "leads:read");
    const counted = await hit("get", "/api/audit-log/refusals", 200, { auth: { token } });
    expect(counted.data).toMatchObject({ days: 30, data: expect.arrayContaining([expect.objectContaining({ permission: "leads:read" })]) });
    await hit("get", "/api/audit-log/refusals", 401);
  });
});

describe("API keys", () => {
  it("GET and POST /api/keys, DELETE /api/keys/{id}, and a key at validate-token", async () => {
    const fields = { name: "Contract key", scopes: ["leads:read", "content:read"], expires_at: "2099-12-31" };
    const made = await hit("post", "/api/keys", 201, { auth: { token }, body: { json: fields }, documentsRequest: true });
    await hit("post", "/api/keys", 201, {
      auth: { session: true, xsrf: true },
      body: { json: { name: "Session key", scopes: ["audit:read"] } },
      documentsRequest: true,
    });
    const { id, key } = made.data as { id: string; key: string };
    await hit("post", "/api/keys", 422, { auth: { token }, body: { json: { name: "", scopes: [] } } });
    await hit("post", "/api/keys", 400, { auth: { token }, body: brokenJson });
    await hit("post", "/api/keys", 413, { auth: { token }, body: tooLargeJson() });
    await hit("post", "/api/keys", 415, { auth: { token }, body: { raw: JSON.stringify(fields), type: "text/plain" } });
    await hit("post", "/api/keys", 419, { auth: { session: true }, body: { json: fields } });
    await hit("post", "/api/keys", 401, { body: { json: fields } });
    await hit("post", "/api/keys", 403, { auth: { token: key }, body: { json: fields } });
    await hit("get", "/api/keys", 200, { auth: { token } });
    await hit("get", "/api/keys", 401);
    await hit("get", "/api/keys", 403, { auth: { token: key } });
    const byKey = await hit("get", "/api/validate-token", 200, { auth: { token: key } });
    expect(byKey.data).toEqual({ key: { id, name: "Contract key", scopes: ["content:read", "leads:read"] } });
    await hit("delete", "/api/keys/{id}", 403, { auth: { token: key }, params: { id } });
    await hit("delete", "/api/keys/{id}", 419, { auth: { session: true }, params: { id } });
    await hit("delete", "/api/keys/{id}", 401, { params: { id } });
    await hit("delete", "/api/keys/{id}", 204, { auth: { token }, params: { id } });
    await hit("delete", "/api/keys/{id}", 404, { auth: { token }, params: { id } });
    await hit("get", "/api/validate-token", 401, { auth: { token: key } });
  });
});

describe("signing out", () => {
  it("POST /api/logout", async () => {
    const spare = (await issueToken(me.admin.id)).token;
    await hit("post", "/api/logout", 200, { auth: { token: spare } });
    await hit("post", "/api/logout", 200, { auth: { token: spare } });
    await hit("post", "/api/logout", 200);
    await hit("post", "/api/logout", 419, { auth: { session: true } });
    const session = await hit("post", "/api/logout", 200, { auth: { session: true, xsrf: true } });
    expect(session.headers.get("Set-Cookie")).toMatch(/__session=;/);
  });
});

describe("answers of any path", () => {
  it("405 with Allow for a method a path does not document", async () => {
    const response = document.components.responses.MethodNotAllowed as Json;
    expect(response["x-status"]).toBe("405");
    let checked = 0;
    for (const [path, module] of routeByPath) {
      const missing = METHODS.find((method) => !document.paths[path][method]);
      if (!missing) continue;
      const request = new Request(url(path.replace("{id}", UNKNOWN_ID)), {
        method: missing.toUpperCase(),
        headers: authHeaders({ token }),
      });
      const result = await call(module.action, request, { id: UNKNOWN_ID });
      expect(result.status, `${missing} ${path}`).toBe(405);
      expectDocumentedResponse(response, result, `${missing.toUpperCase()} ${path} → 405`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it("404 for an unknown path under /api, whatever the method", async () => {
    const response = document.components.responses.UnknownPath as Json;
    expect(response["x-status"]).toBe("404");
    for (const method of ["GET", "POST", "DELETE"]) {
      const result = await call(
        method === "GET" ? splatRoute.loader : splatRoute.action,
        new Request(url("/api/nothing-here"), { method }),
        { "*": "nothing-here" },
      );
      expect(result.status).toBe(404);
      expectDocumentedResponse(response, result, `${method} /api/nothing-here`);
    }
  });

  it("500 without details matches the documented ServerError", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = apiRoute({
      GET: async () => {
        throw new Error("internal details");
      },
    });
    const result = await call(broken.loader, new Request(url("/api/broken")));
    quiet.mockRestore();
    expect(result.status).toBe(500);
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        expectDocumentedResponse(item[method].responses["500"], result, `${method.toUpperCase()} ${path} → 500`);
      }
    }
  });

  it("403 wherever it is documented, for the token of an admin who must set up two-factor sign-in first", async () => {
    await requireTwoFactor(true);
    try {
      for (const [path, item] of Object.entries<Json>(document.paths)) {
        for (const method of METHODS.filter((name) => item[name]?.responses["403"])) {
          if (path === "/api/login") continue;
          await hit(method, path, 403, { auth: { token }, params: { id: UNKNOWN_ID } });
        }
      }
    } finally {
      await requireTwoFactor(false);
    }
  });

  it("503 with Retry-After wherever it is documented, while the database is away", async () => {
    const connected = vi.spyOn(mongoose.connection, "readyState", "get").mockReturnValue(0 as never);
    const connect = vi.spyOn(mongoose, "connect").mockRejectedValue(new Error("database away"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (const [path, item] of Object.entries<Json>(document.paths)) {
        for (const method of METHODS.filter((name) => item[name]?.responses["503"])) {
          const body = path === "/api/login" ? { json: { email: "contract@studio.test", password: "test-password" } } : undefined;
          await hit(method, path, 503, { auth: { token }, params: { id: UNKNOWN_ID }, body });
        }
      }
    } finally {
      connected.mockRestore();
      connect.mockRestore();
      quiet.mockRestore();
    }
  });
});

describe("the document's limits are the product's", () => {
  // For each field, values just inside and just outside every limit the document states on it (and the values its
  // formats and patterns turn on); the document's own schema says which it accepts, and the product must agree.
  let unique = 0;
  const deref = (schema: Json): Json => (schema.$ref ? deref(document.components.schemas[schema.$ref.split("/").pop()]) : schema);
  const types = (schema: Json): string[] => [schema.type ?? []].flat();

  function strings(schema: Json): string[] {
    const email = schema.format === "email" || schema.pattern === EMAIL_PATTERN.source;
    const sized = (length: number) => {
      const local = `u${++unique}`;
      if (email && length > local.length + 15) return `${local}${"a".repeat(length - local.length - 15)}@studio.example`;
      if (schema.format === "uri" && length > 21) return `https://acme.example/${"a".repeat(length - 21)}`;
      return "a".repeat(length);
    };
    const lengths = [schema.minLength - 1, schema.minLength, schema.maxLength, schema.maxLength + 1];
    const values = lengths.filter((length) => Number.isInteger(length) && length >= 0).map(sized);
    if (schema.format === "uri") values.push("not a url", "acme.example", "http://localhost", "ftp://acme.example", "https://acme.example");
    if (email) {
      const local = `u${++unique}`;
      values.push(`.${local}@studio.example`, `${local}..b@studio.example`, `${local}@studio`, `${local}@studio.e`);
      values.push(`${local}@-studio.example`, `${local.toUpperCase()}.B+c@Studio.Example`);
    }
    const bytes = schema[MAX_BYTES_KEYWORD] as number | undefined;
    if (bytes) values.push("é".repeat(bytes / 2), `${"é".repeat(bytes / 2)}a`);
    return values;
  }

  function candidates(raw: Json, valid: unknown): unknown[] {
    const schema = deref(raw);
    const values: unknown[] = (schema.anyOf ?? schema.oneOf ?? []).flatMap((branch: Json) => candidates(branch, valid));
    if ("const" in schema) values.push(schema.const);
    if (schema.enum) values.push(...schema.enum, "archived");
    if (types(schema).includes("null")) values.push(null);
    if (types(schema).includes("string")) values.push(...strings(schema));
    if (types(schema).includes("array") && Array.isArray(valid)) {
      const counts = [schema.minItems - 1, schema.minItems, schema.maxItems, schema.maxItems + 1];
      for (const count of counts.filter((n) => Number.isInteger(n) && n >= 0)) values.push(Array.from({ length: count }, () => valid[0]));
      if (schema.items) values.push(...candidates(schema.items, valid[0]).map((item) => [item, ...valid.slice(1)]));
    }
    if (types(schema).includes("object") && schema.properties && typeof valid === "object" && valid !== null) {
      for (const [key, property] of Object.entries<Json>(schema.properties)) {
        values.push(...candidates(property, (valid as Json)[key]).map((value) => ({ ...valid, [key]: value })));
      }
    }
    return values;
  }

  /** Every field's candidates in a valid body; each is sent, and the product's status must be the document's verdict. */
  async function agree(schemaName: string, validBody: () => Json, send: (body: Json, accepted: boolean) => Promise<void>) {
    const schema = document.components.schemas[schemaName] as Json;
    let accepted = 0;
    let refused = 0;
    for (const [field, property] of Object.entries<Json>(schema.properties)) {
      const base = validBody();
      for (const value of candidates(property, base[field])) {
        const body = { ...validBody(), [field]: value };
        const verdict = validatorOf({ $ref: `#/components/schemas/${schemaName}` })(body);
        await send(body, verdict);
        if (verdict) accepted++;
        else refused++;
      }
    }
    return { accepted, refused };
  }

  it("PATCH /api/case-studies/{id}: each field's limits (CaseStudyChanges)", async () => {
    // The industry must also be one of the list: the names the limits are tried with are in it.
    for (const name of ["a", "a".repeat(100)]) await addIndustry(name, testOrigin());
    const created = await hit("post", "/api/case-studies", 201, {
      auth: { token },
      body: { multipart: caseStudyFields("Limits"), files: { image: await imageFile() } },
    });
    const id = (created.data as { id: string }).id;
    const valid = caseStudyJson("Limits");
    const counts = await agree(
      "CaseStudyChanges",
      () => structuredClone(valid),
      async (body, accepted) => {
        // One field at a time: the others of the valid entry are left out.
        const field = Object.keys(body).find((key) => JSON.stringify(body[key]) !== JSON.stringify((valid as Json)[key]));
        const change = field ? { [field]: body[field] } : { title: valid.title };
        const verdict = validatorOf({ $ref: "#/components/schemas/CaseStudyChanges" })(change);
        expect(verdict, JSON.stringify(change).slice(0, 200)).toBe(accepted);
        await hit("patch", "/api/case-studies/{id}", accepted ? 200 : 422, { auth: { token }, params: { id }, body: { json: change } });
      },
    );
    expect(counts.accepted).toBeGreaterThanOrEqual(15);
    expect(counts.refused).toBeGreaterThanOrEqual(15);
  });

  it("POST /api/admins: each field's limits (AdminInput), the password's bytes and the email's pattern included", async () => {
    const counts = await agree(
      "AdminInput",
      () => ({ name: "Limit Admin", email: `limit${++unique}@studio.test`, password: "limit-password" }),
      async (body, accepted) => {
        await hit("post", "/api/admins", accepted ? 201 : 422, { auth: { token }, body: { json: body } });
      },
    );
    expect(counts.accepted).toBeGreaterThanOrEqual(6);
    expect(counts.refused).toBeGreaterThanOrEqual(10);
  });

  it("PUT /api/content/{part}: each field's limits (ContentHome, ContentTeam, ContentLegal), lists' counts included", async () => {
    let accepted = 0;
    let refused = 0;
    for (const [part, schemaName] of [
      ["home", "ContentHome"],
      ["team", "ContentTeam"],
      ["privacy", "ContentLegal"],
    ] as const) {
      const valid = (await getContentPart(part)).published as Json;
      const counts = await agree(
        schemaName,
        () => structuredClone(valid),
        async (content, ok) => {
          await hit("put", "/api/content/{part}", ok ? 200 : 422, { auth: { token }, params: { part }, body: { json: { content } } });
        },
      );
      accepted += counts.accepted;
      refused += counts.refused;
    }
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it("can fail: a part's state must hold that part's schema, and images must be of a site", () => {
    const validate = validatorOf({ $ref: "#/components/schemas/ContentState" });
    const state = { part: "footer", published: { blurb: "Hi" }, draft: null, published_at: null, draft_at: null, updated_by: null };
    expect(validate(state)).toBe(true);
    expect(validate({ ...state, part: "home" })).toBe(false);
    expect(validate({ ...state, draft: { blurb: "" } })).toBe(false);
    const image = validatorOf({ $ref: "#/components/schemas/ContentImage" });
    expect(image({ url: "https://studio.test/uploads/x-1600.webp", alt: "" })).toBe(true);
    expect(image({ url: "/images/../.env", alt: "" })).toBe(false);
    expect(image({ url: "javascript:alert(1)", alt: "" })).toBe(false);
  });
});

describe("coverage", () => {
  it("called every documented operation, and saw every documented status but 500", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const statuses = Object.keys(item[method].responses).filter((status) => status !== "500");
        const got = seen.get(`${method} ${path}`) ?? new Set();
        for (const status of statuses) if (!got.has(status)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
