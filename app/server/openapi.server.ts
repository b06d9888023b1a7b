import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
  type ZodMediaTypeObject,
  type ZodRequestBody,
} from "@asteasolutions/zod-to-openapi";
import type { ZodTypeAny } from "zod";
import { z } from "~/domain/zod-openapi";
import { CASE_STUDY_STATUSES } from "~/domain/case-study-status";
import {
  CASE_STUDY_STORY_LIMITS as STORY,
  IMAGE_ALT_MAX_LENGTH,
  OUTCOMES_PER_CASE_STUDY,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  SESSION_LIFETIME_MS,
} from "~/domain/constants";
import { CONTENT_PARTS, contentImage, contentPartLabels, contentSchemas, legalContent, type ContentPart } from "~/domain/content-schemas";
import { messages } from "~/domain/messages";
import { VERSION_ACTIONS } from "~/models/version.server";
import { caseStudyInput, newPasswordInput, outcomeInput, serviceFieldName, technologyFieldName, technologyName } from "~/domain/schemas";
import { permissionsOf, ROLES } from "~/domain/permissions";
import { adminAccountShape, caseStudyShape, objectIdText, outcomeShape, publicCaseStudyShape } from "~/domain/shapes";
import { STORED_IMAGE_URL } from "~/domain/case-study-story-schemas";
import { LINK_STATES, validityOf } from "~/domain/account-links";
import { leadNoteShape, leadReplyShape, leadShape } from "~/domain/lead-json";
import { galleryFieldName, MAX_JSON_DEPTH, MAX_TEXT_BODY_BYTES } from "./api/body.server";
import { SMALL_FORM_BYTES } from "./bounded-body.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./api/paging.server";
import { XSRF_COOKIE } from "./api/xsrf.server";
import { limits } from "./rate-limit.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "./db.server";
import { getEnv } from "./env.server";
import { SESSION_COOKIE } from "./auth.server";

// tests/integration/api-contract.test.ts checks every route's answers against this document.

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

const SCHEMA_REF = "#/components/schemas/";

/** The story's and search-engine fields of the multipart forms, with the social image's file. */
function storyFormFields(maxUploadMb: number): Record<string, ZodTypeAny> {
  const text = ["summary", "challenge", "approach", "result", "seo_title", "seo_description", "seo_image_url"] as const;
  return {
    ...Object.fromEntries(text.map((name) => [name, caseStudyInput.shape[name]])),
    gallery: z.literal("").optional().openapi({ description: "Sent empty, with no gallery[n][…] field: the gallery becomes empty." }),
    seo_image: z
      .string()
      .optional()
      .openapi({
        format: "binary",
        ...{ contentMediaType: "image/*" },
        description: `A new social image, checked and stored as \`image\` is (at most ${maxUploadMb} MB).`,
      }),
  };
}

/** `gallery[n][image|url|alt|caption]`: the gallery of a multipart form, in the order of n. */
function galleryFormPatterns(maxUploadMb: number): Record<string, object> {
  return {
    [galleryFieldName("image").source]: {
      type: "string",
      format: "binary",
      description: `A new gallery image (at most ${maxUploadMb} MB), stored as \`image\` is.`,
    },
    [galleryFieldName("url").source]: { type: "string", description: `Instead of a file: ${STORED_IMAGE_URL}` },
    [galleryFieldName("alt").source]: { type: "string", minLength: 1, maxLength: IMAGE_ALT_MAX_LENGTH, description: "Required." },
    [galleryFieldName("caption").source]: { type: "string", maxLength: STORY.caption, description: "Optional." },
  };
}

// Named schemas that routes' own answers are built from: the document lists each once, under its name.
export const outcomeSchema = outcomeShape.openapi("Outcome", { description: "One measured result of a project." });
export const caseStudySchema = caseStudyShape.extend({ outcomes: z.array(outcomeSchema) }).openapi("CaseStudy", {
  description:
    "A case study, as admins see it. `publish_at` and `unpublish_at` are its schedule (null: none). `image_url` is the absolute address of the 1600 px WebP variant (under SITE_URL, or ASSET_URL when a CDN serves images); `image_alt` its alt text, null when none was written (pages then use the title where the image needs one); `website_url` is null when there is none; `status` is `draft` (seen by admins only) or `published`.",
});
export const adminSchema = adminAccountShape.openapi("Admin", {
  description: "An admin account (never its password), with its role: owner, admin, editor, sales or viewer (docs/security.md#roles).",
});
const leadNoteSchema = leadNoteShape.openapi("LeadNote", { description: "A note an admin wrote on a lead." });
const leadReplySchema = leadReplyShape.openapi("LeadReply", { description: "A reply mailed to a lead from the dashboard or the API." });
export const leadSchema = leadShape
  .extend({
    notes: z.array(leadNoteSchema).openapi({ description: "Oldest first." }),
    replies: z.array(leadReplySchema).openapi({ description: "Oldest first." }),
  })
  .openapi("Lead", {
    description:
      "A contact message as a lead (docs/behaviour.md#leads): its status, owner, notes, replies, what brought it and the optional fields the visitor filled in.",
  });
const fieldErrors = z
  .record(z.string(), z.array(z.string()).min(1))
  .openapi({ description: "The messages of each field at fault, keyed by the field's name (`form` when no field is)." });
const errorSchema = z
  .object({ message: z.string().openapi({ description: "What went wrong, for people." }), errors: fieldErrors.optional() })
  .strict()
  .openapi("Error", { description: "Every failure: a message, and field errors when fields are at fault." });
export const validationErrorSchema = z
  .object({ message: z.string().openapi({ description: "The first field error." }), errors: fieldErrors.openapi({ minProperties: 1 }) })
  .strict()
  .openapi("ValidationError", { description: "Refused input: the first message, and every message keyed by field." });

function registerComponents(registry: OpenAPIRegistry) {
  const env = getEnv();

  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "<id>|<secret>",
    description: `The token of POST /api/login, sent as \`Authorization: Bearer <id>|<secret>\`. Valid for ${SESSION_LIFETIME_MS / 3_600_000} hours; POST /api/logout or deleting its admin revokes it. No XSRF header needed.`,
  });
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: `The dashboard's sign-in session cookie (HttpOnly, ${SESSION_LIFETIME_MS / 3_600_000} hours). With it, POST, PUT, PATCH and DELETE also need the X-XSRF-TOKEN header.`,
  });
  registry.registerComponent("securitySchemes", "xsrfToken", {
    type: "apiKey",
    in: "header",
    name: "X-XSRF-TOKEN",
    description: `For cookie sessions, on POST, PUT, PATCH and DELETE: the URL-decoded value of the ${XSRF_COOKIE} cookie set by GET /sanctum/csrf-cookie (axios sends it by itself). Missing or wrong: 419 '${messages.apiCsrfMismatch}'.`,
  });

  registry.register("Outcome", outcomeSchema);
  registry.register("CaseStudy", caseStudySchema);
  registry.register(
    "PublicCaseStudy",
    publicCaseStudyShape.extend({ outcomes: z.array(outcomeSchema) }).openapi({
      description: "A published case study, as the public list gives it: the fields of CaseStudy but `status` (drafts are never public).",
    }),
  );
  registry.register("Admin", adminSchema);
  registry.register("LeadNote", leadNoteSchema);
  registry.register("LeadReply", leadReplySchema);
  registry.register("Lead", leadSchema);

  registry.register("Error", errorSchema);
  registry.register("ValidationError", validationErrorSchema);

  const fixed = (name: string, description: string, ...texts: [string, ...string[]]) =>
    registry.register(name, message(...texts).openapi({ description }));
  fixed("Unauthenticated", "No valid bearer token and no signed-in session.", messages.apiUnauthenticated);
  fixed("CsrfMismatch", "A cookie session without a valid X-XSRF-TOKEN header.", messages.apiCsrfMismatch);
  fixed("ServerError", "An unexpected failure; details stay in the server's log.", messages.apiServerError);
  fixed("DatabaseUnavailable", "The database cannot be reached for now.", DATABASE_UNAVAILABLE_MESSAGE);
  fixed(
    "SignInUnavailable",
    "The database cannot be reached for now, or too many sign-ins are being checked at once.",
    DATABASE_UNAVAILABLE_MESSAGE,
    messages.signInBusy,
  );
  fixed("UnknownPath", "No such path under /api.", messages.apiNotFound);
  fixed("CaseStudyNotFound", "No case study with this id.", messages.apiCaseStudyNotFound);
  fixed("AdminNotFound", "No admin with this id.", messages.adminNotFound);
  fixed("LeadNotFound", "No lead with this id.", messages.apiLeadNotFound);
  fixed(
    "TwoFactorSetupRequired",
    "Two-factor sign-in is required for every admin (the dashboard's Settings), and this admin has not set it up yet.",
    messages.apiTwoFactorSetupRequired,
  );
  fixed(
    "Forbidden",
    "The role (or key) lacks the permission the operation needs, named in the message (docs/api.md#permissions); or two-factor sign-in is required and this admin has not set it up yet.",
    messages.apiTwoFactorSetupRequired,
    ...permissionsOf("owner").map((permission) => messages.apiForbidden(permission)),
  );

  const technology = "Technology";
  registry.register(technology, technologyName.openapi({ description: "One technology's name (trimmed)." }));
  registry.register(
    "CaseStudyInput",
    caseStudyInput.openapi({ description: "A case study as JSON (without an image, so only for updates)." }),
  );
  registry.register(
    "CaseStudyChanges",
    caseStudyInput.partial().openapi({
      minProperties: 1,
      description: `Some fields of CaseStudyInput, as JSON: each one sent is checked by the same rule and changed; the others stay. \`outcomes\`, when sent, is all ${OUTCOMES_PER_CASE_STUDY}. Nothing known to change is 422 '${messages.caseStudyPatchEmpty}'.`,
    }),
  );

  // Missing outcome fields count as empty, which the schema refuses: all of them are required.
  const outcomeFields = outcomeInput.shape;
  const outcomeText = (name: "label" | "value", index: number) =>
    outcomeFields[name]
      .removeDefault()
      .min(1)
      .openapi({ description: `The ${name} of outcome ${index + 1} of ${OUTCOMES_PER_CASE_STUDY} (trimmed).` });
  const formFields = {
    title: caseStudyInput.shape.title,
    client: caseStudyInput.shape.client,
    industry: caseStudyInput.shape.industry,
    project_insight: caseStudyInput.shape.project_insight,
    technologies: z
      .string()
      .optional()
      .openapi({ description: "All technologies in one comma-separated field: an alternative to technologies[n]." }),
    ...Object.fromEntries(
      Array.from({ length: OUTCOMES_PER_CASE_STUDY }, (_, index) => [
        [`outcomes[${index}][label]`, outcomeText("label", index)],
        [`outcomes[${index}][value]`, outcomeText("value", index)],
      ]).flat(),
    ),
    website_url: caseStudyInput.shape.website_url,
    status: caseStudyInput.shape.status,
    image_alt: caseStudyInput.shape.image_alt,
    publish_at: caseStudyInput.shape.publish_at,
    unpublish_at: caseStudyInput.shape.unpublish_at,
    slug: caseStudyInput.shape.slug,
    services: z
      .string()
      .optional()
      .openapi({ description: "Send services[n] once per service slug; one empty services field clears them." }),
    featured: z.enum(["true", "false"]).optional().openapi({ description: "true or false: shown first on the home page's latest work." }),
    featured_order: z
      .union([z.string().regex(/^\d+$/), z.literal("")])
      .optional()
      .openapi({ description: "A whole number from 1; empty for after the others." }),
    ...storyFormFields(env.MAX_UPLOAD_MB),
  };
  const imageFile = z.string().openapi({
    format: "binary",
    ...{ contentMediaType: "image/*" },
    description: `A JPEG, PNG, WebP, AVIF or GIF file of at most ${env.MAX_UPLOAD_MB} MB (judged by its bytes; SVG refused); stored as WebP 480, 960 and 1600 px wide.`,
  });
  const technologiesPattern = {
    patternProperties: {
      [technologyFieldName.source]: { $ref: `${SCHEMA_REF}${technology}` },
      [serviceFieldName.source]: { type: "string", description: "One service's slug." },
      ...galleryFormPatterns(env.MAX_UPLOAD_MB),
    },
  };
  registry.register(
    "CaseStudyForm",
    z.object({ ...formFields, image: imageFile }).openapi({
      ...technologiesPattern,
      description: "A new case study as multipart/form-data, with the field names below; technologies[n] once per technology.",
    } as object),
  );
  registry.register(
    "CaseStudyUpdateForm",
    z
      .object({ ...formFields, image: imageFile.optional().openapi({ description: "A new image; leave it out to keep the current one." }) })
      .openapi({
        ...technologiesPattern,
        description: "The fields of CaseStudyForm; without an image the current one stays.",
      } as object),
  );

  registry.register(
    "CaseStudyChangesForm",
    z
      .object({ ...formFields, image: imageFile })
      .partial()
      .openapi({
        ...technologiesPattern,
        minProperties: 1,
        description: `Some fields of CaseStudyForm, an image alone included: each one sent is checked and changed; the others stay. Outcomes, when any is sent, are all ${OUTCOMES_PER_CASE_STUDY * 2} fields.`,
      } as object),
  );

  registerContentComponents(registry);
  registerIndustryComponents(registry);
  registerAccountLinkComponents(registry);
}

export const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });
type Schema = ZodMediaTypeObject["schema"];
export const json = (schema: Schema) => ({ "application/json": { schema } });
/** A JSON array of a named schema, as zod-to-openapi writes `z.array(registered)`. */
export const arrayOf = (items: { $ref: string }) => ({ type: "array" as const, items });
export const message = (...texts: [string, ...string[]]) =>
  z.object({ message: texts.length === 1 ? z.literal(texts[0]) : z.enum(texts) }).strict();

// Without SITE_URL or ASSET_URL, image addresses name the request's host, so no shared cache may keep the answer.
export const SHARED_WHEN_CONFIGURED = (what: string) =>
  `Cacheable: a CDN may keep ${what} a minute (Cache-Control, CDN-Cache-Control, ETag), when SITE_URL or ASSET_URL is set and the request carries no session or preview cookie; otherwise private, no-store and no ETag.`;
export const retryAfter = (description: string) => z.object({ "Retry-After": z.number().int().min(1).openapi({ description }) });
export const totalCount = z.object({
  "X-Total-Count": z.number().int().min(0).openapi({
    description:
      "How many case studies the list holds in all (published ones only on the public list; of the status asked for with ?status=).",
  }),
});

export const etag = z.object({
  ETag: z
    .string()
    .regex(/^W\/".+"$/)
    .openapi({ description: "A weak validator of the answer's body, for If-None-Match." }),
});
// A 200 has one only when it may be shared (SHARED_WHEN_CONFIGURED); a 304 always does.
export const sharedEtag = z.object({
  ETag: etag.shape.ETag.optional().openapi({
    description:
      "A weak validator of the answer's body, for If-None-Match: sent when the answer is shared (SITE_URL or ASSET_URL set, no session or preview cookie sent); absent on a private, no-store answer.",
  }),
});

type FailureStatus = 400 | 401 | 403 | 413 | 415 | 419 | 422 | 429 | 500 | 503;

/** The failure answers of an operation, by status; 401 brings 403 with it and every operation may answer 500. */
export function fail(...statuses: FailureStatus[]): Record<string, ResponseConfig> {
  const maxUploadMb = getEnv().MAX_UPLOAD_MB;
  const standard: Record<FailureStatus, ResponseConfig> = {
    400: {
      description: `The body could not be read: '${messages.apiInvalidJson}', '${messages.apiJsonTooDeep(MAX_JSON_DEPTH)}' or '${messages.apiUnreadableBody}'`,
      content: json(ref("Error")),
    },
    401: {
      description: `No valid bearer token and no signed-in session: '${messages.apiUnauthenticated}'`,
      content: json(ref("Unauthenticated")),
    },
    403: {
      description: `The role of the token's (or session's) admin lacks the permission the operation needs: '${messages.apiForbidden("<permission>")}' (docs/api.md#permissions). Or two-factor sign-in is required for every admin, and that admin has not set it up: '${messages.apiTwoFactorSetupRequired}'`,
      content: json(ref("Forbidden")),
    },
    413: {
      description: `Too large: a JSON or form body over ${MAX_TEXT_BODY_BYTES / 1024 / 1024} MB ('${messages.apiBodyTooLarge}'), or an image over ${maxUploadMb} MB (the message is also under errors.image).`,
      content: json(ref("Error")),
    },
    415: {
      description: `A body whose Content-Type is none of the listed ones ('${messages.apiUnsupportedMediaType}'), or, with an image, a file that is not a JPEG, PNG, WebP, AVIF or GIF (SVG included; the message is then also under errors.image).`,
      content: json(ref("Error")),
    },
    419: {
      description: `A cookie session without a valid X-XSRF-TOKEN header on a state-changing call: '${messages.apiCsrfMismatch}'`,
      content: json(ref("CsrfMismatch")),
    },
    422: { description: "Refused input: the dashboard's messages, keyed by field.", content: json(ref("ValidationError")) },
    429: {
      description: `Too many failed sign-ins: ${limits.signInAccountAddress.points} per ${limits.signInAccountAddress.duration / 60} minutes for one email from one address, ${limits.signInAddress.points} from one address, ${limits.signInAccount.points} for one email.`,
      headers: retryAfter("Seconds until signing in is allowed again."),
      content: json(ref("ValidationError")),
    },
    500: { description: "An unexpected failure, without details.", content: json(ref("ServerError")) },
    503: {
      description: "The database cannot be reached.",
      headers: retryAfter("Seconds to wait before trying again."),
      content: json(ref("DatabaseUnavailable")),
    },
  };
  // Whatever takes an admin's token or session also refuses one who must set up two-factor sign-in first.
  const all = statuses.flatMap((status): FailureStatus[] => (status === 401 ? [401, 403] : [status]));
  return Object.fromEntries([...all, 500 as const].map((status) => [String(status), standard[status]]));
}

export const bodyFor = (
  schema: ZodTypeAny | { $ref: string },
  description: string,
  types = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
): ZodRequestBody => ({
  description,
  required: true,
  content: Object.fromEntries(types.map((type) => [type, { schema }])),
});

type SecurityRequirement = Record<string, string[]>;
export const READ: SecurityRequirement[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
export const WRITE: SecurityRequirement[] = [{ bearerAuth: [] }, { sessionCookie: [], xsrfToken: [] }];

export const idParams = (what: string) =>
  z.object({ id: objectIdText.openapi({ param: { description: `The ${what}'s id (24 hexadecimal digits; anything else is 404).` } }) });
export const paging = z.object({
  page: z
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({ param: { description: "The page, from 1 (a page past the end is empty)." } }),
  per_page: z
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .optional()
    .openapi({ param: { description: `Entries per page (default ${DEFAULT_PER_PAGE} when only page is given).` } }),
});

export const portfolioFilter = z.object({
  service: z
    .string()
    .optional()
    .openapi({ param: { description: "Only the entries naming this service (its slug); an unknown one matches nothing." } }),
  industry: z
    .string()
    .optional()
    .openapi({
      param: { description: "Only the entries of this industry: its slug, or its name in any case; an unknown one matches nothing." },
    }),
});

export const statusFilter = z.object({
  status: z
    .enum(CASE_STUDY_STATUSES)
    .optional()
    .openapi({ param: { description: "Only the drafts (`draft`) or only the published entries (`published`); every entry without it." } }),
});

// ---------------------------------------------------------------------------------------------
// Site content (/api/public/content, /api/content/*): docs/api.md#site-content

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const contentSchemaName = (part: ContentPart) => (contentSchemas[part] === legalContent ? "ContentLegal" : `Content${capitalised(part)}`);

type JsonSchema = { [key: string]: unknown };
const isObjectSchema = (node: JsonSchema) => node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
const isContentImage = (node: JsonSchema) =>
  isObjectSchema(node) &&
  (node.properties as JsonSchema | undefined)?.url !== undefined &&
  Object.keys(node.properties as JsonSchema).join() === "url,alt";

/**
 * The content parts as generated, with every nested object made a named schema (so /api/docs lists its fields) and
 * every image a ContentImage: done on the generated JSON, so nothing reads zod's internals.
 */
function nameContentObjects(schemas: Record<string, JsonSchema>) {
  const hoist = (node: JsonSchema, name: string): JsonSchema => {
    const nullable = Array.isArray(node.type) && node.type.includes("null");
    const object = nullable ? { ...node, type: "object" } : node;
    const target = isContentImage(object) ? ref("ContentImage") : ((schemas[name] = walkInside(object, name)), ref(name));
    return nullable ? { anyOf: [target, { type: "null" }] } : target;
  };
  const walk = (node: JsonSchema, name: string): JsonSchema => (isObjectSchema(node) ? hoist(node, name) : walkInside(node, name));
  const walkInside = (node: JsonSchema, name: string): JsonSchema => {
    const copy: JsonSchema = { ...node };
    if (node.properties) {
      copy.properties = Object.fromEntries(
        Object.entries(node.properties as Record<string, JsonSchema>).map(([key, value]) => [
          key,
          walk(value, `${name}${capitalised(key)}`),
        ]),
      );
    }
    if (node.items) copy.items = walk(node.items as JsonSchema, `${name}Entry`);
    if (Array.isArray(node.anyOf)) copy.anyOf = (node.anyOf as JsonSchema[]).map((option) => walk(option, name));
    return copy;
  };
  for (const name of new Set(CONTENT_PARTS.map(contentSchemaName))) schemas[name] = walkInside(schemas[name]!, name);
}

// Each part's schema under its name (the legal pages share one), in the order of the parts.
const namedParts = new Map<string, ZodTypeAny>();
for (const part of CONTENT_PARTS) {
  const name = contentSchemaName(part);
  if (!namedParts.has(name)) namedParts.set(name, contentSchemas[part].openapi(name));
}
export const contentPartSchema = (part: ContentPart) => namedParts.get(contentSchemaName(part))!;
/** Any part's content, in the schema of the part its path or `part` names. */
export const anyContentPart = () => z.union([...namedParts.values()] as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]);

export const contentVersionFields = {
  n: z.number().int().min(1).openapi({ description: "The version's number, 1, 2, 3… per part." }),
  state: z.enum(["draft", "published"]).openapi({ description: "Whether this save was a draft or published." }),
  action: z.enum(VERSION_ACTIONS).openapi({ description: "What made the version: `draft`, `publish`, `restore` or `seed` for content." }),
  restored_from: z.number().int().min(1).nullable().openapi({ description: "The version a restore brought back; null otherwise." }),
  author: z
    .object({ id: objectIdText, name: z.string(), email: z.string().email() })
    .strict()
    .nullable()
    .openapi({ description: "The admin who saved it (null for the seeded demo content)." }),
  created_at: z.string().datetime(),
};
export const contentVersionSchema = z
  .object(contentVersionFields)
  .strict()
  .openapi("ContentVersion", { description: "One saved state of a part (the last 50 are kept)." });

function registerContentComponents(registry: OpenAPIRegistry) {
  registry.register(
    "ContentImage",
    contentImage.openapi({ description: "An image and its alt text (empty when the image is decorative)." }),
  );
  for (const [name, schema] of namedParts) registry.register(name, schema);
  // Which schema `published` and `draft` follow depends on `part`: stated with if/then, which zod cannot express.
  const byPart = CONTENT_PARTS.map((part) => {
    const schema = { $ref: `${SCHEMA_REF}${contentSchemaName(part)}` };
    return {
      if: { properties: { part: { const: part } }, required: ["part"] },
      then: { properties: { published: schema, draft: { anyOf: [schema, { type: "null" }] } } },
    };
  });
  const version = registry.register("ContentVersion", contentVersionSchema);
  const stateFields = {
    part: z.enum(CONTENT_PARTS as [ContentPart, ...ContentPart[]]),
    published: anyContentPart().openapi({ description: "What visitors see, in the part's schema (images absolute)." }),
    draft: anyContentPart().nullable().openapi({ description: "The draft, when one is saved; null otherwise." }),
    published_at: z.string().datetime().nullable().openapi({ description: "When it was last published (null: never, the demo content)." }),
    draft_at: z.string().datetime().nullable().openapi({ description: "When the draft was saved; null without one." }),
    updated_by: z.string().nullable().openapi({ description: "The name of the admin who saved last." }),
  };
  const state = z.object(stateFields).strict();
  registry.register("ContentState", state.openapi({ allOf: byPart, description: "A part's published state and draft." } as object));
  registry.register(
    "ContentSaved",
    state.extend({ version }).openapi({ allOf: byPart, description: "The part's new state, and the version the save made." } as object),
  );
  registry.register("ContentPartNotFound", message(messages.contentPartNotFound).openapi({ description: "No such part." }));
  registry.register(
    "ContentVersionNotFound",
    message(messages.contentPartNotFound, messages.versionNotFound).openapi({
      description: "No such part, or no such version of it (kept are the last 50).",
    }),
  );
}

export type ApiOperation = Omit<RouteConfig, "method" | "path">;
export type DocumentedOperation = { method: RouteConfig["method"]; path: string; operation: ApiOperation };

export function generateOpenApiDocument(operations: DocumentedOperation[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerComponents(registry);
  for (const { method, path, operation } of operations) registry.registerPath({ ...operation, method, path });
  // x-status: the status these answers come with, read by /api/docs and the contract test.
  registry.registerComponent("responses", "MethodNotAllowed", {
    "x-status": "405",
    description: "A method the path does not support. The Allow header lists the ones it does (with HEAD and OPTIONS).",
    headers: { Allow: { description: "The supported methods, comma-separated.", required: true, schema: { type: "string" } } },
    content: { "application/json": { schema: ref("Error") } },
  });
  registry.registerComponent("responses", "UnknownPath", {
    "x-status": "404",
    description: `Any other path under /api, whatever the method: '${messages.apiNotFound}'`,
    content: { "application/json": { schema: ref("UnknownPath") } },
  });
  const siteUrl = getEnv().SITE_URL;
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Studio JSON API",
      version: "1.0.0",
      description: [
        "The API of the studio's site: public case studies, and for admins case studies and admin accounts. It keeps the calls of the original Laravel Sanctum back end and runs on the same rules as the dashboard.",
        "Every answer under /api is JSON, errors included: `{ message }`, plus `errors` (field → messages) when fields are at fault. A method a path does not support answers 405 with an Allow header; an unknown path under /api answers 404; any call may answer 503 with Retry-After while the database is away, and 500 without details.",
        "Authentication: a bearer token from POST /api/login, or the dashboard's session cookie plus the X-XSRF-TOKEN header on state-changing calls.",
        "CORS: origins listed in CORS_ORIGINS get Access-Control-Allow-Origin (that origin) with credentials, and preflight OPTIONS requests are answered.",
      ].join("\n\n"),
    },
    servers: [{ url: siteUrl ?? "/" }],
    tags: [
      { name: "Authentication", description: "Tokens, sessions and the XSRF cookie." },
      { name: "Case studies", description: "The studio's case studies: the public list, and the admins' reading and writing." },
      { name: "Admins", description: "The admin accounts." },
      { name: "Industries", description: "The industries a case study's industry is one of; a case study's new name joins them." },
      { name: "Invitations", description: "Inviting admins by email, and the invitee's acceptance." },
      { name: "Password reset", description: "A forgotten password, reset through a link sent by email." },
      { name: "Site content", description: "The site's words and pictures, part by part: drafts, publishing and versions." },
      { name: "Audit log", description: "Who did what, when and from where: read only." },
      { name: "Leads", description: "The contact messages as leads: status, owner, notes, replies, and the CSV export." },
      {
        name: "Webhooks",
        description: "Endpoints told of the studio's events by signed POSTs; their deliveries, a test event, sending again.",
      },
    ],
  });
  nameContentObjects(document.components?.schemas as Record<string, JsonSchema>);
  return document;
}

// ---------------------------------------------------------------------------------------------
// Industries (docs/api.md#industries): the list a case study's industry is one of.

function registerIndustryComponents(registry: OpenAPIRegistry) {
  registry.register(
    "Industry",
    z
      .object({
        id: objectIdText,
        name: z.string(),
        slug: z
          .string()
          .openapi({ description: "Made from the name: lowercase letters and digits joined by hyphens; `?industry=` of the lists." }),
        position: z.number().int().min(1).openapi({ description: "Its place in the list, from 1." }),
        case_studies: z.number().int().min(0).openapi({ description: "How many case studies (drafts included) use it." }),
      })
      .strict()
      .openapi({ description: "One of the industries admins manage." }),
  );
}

// ---------------------------------------------------------------------------------------------
// Invitations and password reset (docs/api.md#invitations, docs/api.md#password-reset): one-time links sent by email.

function registerAccountLinkComponents(registry: OpenAPIRegistry) {
  const invitation = registry.register(
    "Invitation",
    z
      .object({
        id: objectIdText,
        name: z.string(),
        email: z.string().email(),
        role: z.enum(ROLES).openapi({ description: "The role the accepted admin gets (docs/security.md#roles)." }),
        created_at: z.string().datetime(),
        expires_at: z
          .string()
          .datetime()
          .openapi({ description: `When its link stops working: ${validityOf("invitation")} after it was sent.` }),
        expired: z.boolean().openapi({ description: "The link has stopped working: re-send the invitation for a new one." }),
      })
      .strict()
      .openapi({ description: "An invitation not yet accepted nor withdrawn." }),
  );
  registry.register(
    "InvitationSent",
    z
      .object({
        invitation,
        emailed: z.boolean().openapi({ description: "Whether the mail with the link was queued." }),
        link: z.string().url().nullable().openapi({
          description:
            "The invitation's link, only when no mail was queued (SMTP_URL unset, or the queue failed): pass it on yourself. It is in no other answer and stored nowhere; null when mailed.",
        }),
      })
      .strict()
      .openapi({ description: "An invitation sent, or made for the caller to pass on." }),
  );
  registry.register(
    "NewPassword",
    newPasswordInput.openapi({
      description: `The password chosen: at least ${PASSWORD_MIN_LENGTH} characters and at most ${PASSWORD_MAX_BYTES} bytes.`,
    }),
  );
  const refusals = [
    messages.linkUnknown,
    messages.linkUsed,
    messages.linkExpired,
    messages.invitationLinkWithdrawn,
    messages.invitationLinkReplaced,
    messages.resetLinkReplaced,
    messages.resetLinkWithdrawn,
  ] as const;
  registry.register(
    "LinkRefused",
    z
      .object({ message: z.enum(refusals), state: z.enum(LINK_STATES).exclude(["pending"]) })
      .strict()
      .openapi({ description: "What became of a link that cannot be used, and nothing else." }),
  );
}

// ---------------------------------------------------------------------------------------------
// Pieces that several operations' contracts share.

export const caseStudyNotFound = {
  description: `No case study with this id: '${messages.apiCaseStudyNotFound}'`,
  content: json(ref("CaseStudyNotFound")),
};
export const leadNotFound = { description: `No lead with this id: '${messages.apiLeadNotFound}'`, content: json(ref("LeadNotFound")) };
export const adminNotFound = { description: `No admin with this id: '${messages.adminNotFound}'`, content: json(ref("AdminNotFound")) };
export const pagingNote = `All of them by default; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}) answers one page. X-Total-Count gives the total either way.`;

export const refusedIndustry = (description: string) => ({ description, content: json(ref("Error")) });
export const industryNotFound = refusedIndustry(`No industry with this id: '${messages.industryNotFound}'`);

export const partParams = z.object({
  part: z.enum(CONTENT_PARTS as [ContentPart, ...ContentPart[]]).openapi({
    param: {
      description: `The part: ${CONTENT_PARTS.map((part) => `\`${part}\` (${contentPartLabels[part]})`).join(", ")}. Anything else is 404.`,
    },
  }),
});
export const contentVersionParams = partParams.extend({
  n: z
    .number()
    .int()
    .min(1)
    .openapi({ param: { description: "The version's number (a version no longer kept, or anything else, is 404)." } }),
});
export const noPart = { description: `No such part: '${messages.contentPartNotFound}'`, content: json(ref("ContentPartNotFound")) };
export const noVersion = {
  description: `No such part or version: '${messages.contentPartNotFound}' or '${messages.versionNotFound}'`,
  content: json(ref("ContentVersionNotFound")),
};
export const contentTags = ["Site content"];
export const contentSaved = { description: "Saved: the part's new state and the version made.", content: json(ref("ContentSaved")) };

export const tokenParams = z.object({
  token: z.string().openapi({ param: { description: "The token at the end of the mail's link (43 characters)." } }),
});
export const anonymousBody = (schema: string, description: string) => bodyFor(ref(schema), description);
export const tooLarge: ResponseConfig = {
  description: `A body over ${SMALL_FORM_BYTES / 1024} KB, the cap of every body sent without an account: '${messages.formTooLarge}'`,
  content: json(ref("Error")),
};
export const unknownLink = { description: `No link has this token: '${messages.linkUnknown}'`, content: json(ref("LinkRefused")) };
export const endedLink = {
  description:
    "The link has been used, has expired, was withdrawn (also when its admin was deleted or their email or password changed since), or a newer one replaced it: `state` says which.",
  content: json(ref("LinkRefused")),
};
export const notPending = {
  description: `No pending invitation with this id: '${messages.invitationNotFound}'`,
  content: json(ref("Error")),
};
