import { MAX_BYTES_KEYWORD } from "~/domain/zod-openapi";
import type { OpenApiDocument } from "~/server/openapi.server";
import { getOpenApiDocument } from "../__openapi.server";

export type FieldView = { name: string; type: TypeView; required: boolean; notes: string[]; description: string | null };
export type TypeView = { text: string; schema: string | null };
type HeaderView = { name: string; type: string; description: string | null };
export type ResponseView = { status: string; description: string; body: TypeView | null; headers: HeaderView[] };
type BodyView = { mediaType: string; type: TypeView; fields: FieldView[] };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: (FieldView & { in: string })[];
  body: { description: string | null; variants: BodyView[] } | null;
  responses: ResponseView[];
};
type SchemaView = { name: string; description: string | null; type: TypeView; fields: FieldView[] };
export type ApiReference = {
  title: string;
  version: string;
  openapi: string;
  description: string[];
  server: string | null;
  security: { name: string; kind: string; description: string | null }[];
  tags: { name: string; description: string | null; operations: OperationView[] }[];
  general: (ResponseView & { name: string })[];
  schemas: SchemaView[];
};

type Json = Record<string, unknown>;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const SCHEMA_REF = "#/components/schemas/";

const asObject = (value: unknown): Json => (typeof value === "object" && value !== null ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

function refName(schema: Json): string | null {
  const ref = text(schema.$ref);
  return ref?.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : null;
}

function resolver(document: OpenApiDocument) {
  const schemas = asObject(document.components?.schemas);
  return (schema: Json): Json => {
    const name = refName(schema);
    return name ? asObject(schemas[name]) : schema;
  };
}

function typeOf(schema: Json): TypeView {
  const name = refName(schema);
  if (name) return { text: name, schema: name };
  if ("const" in schema) return { text: JSON.stringify(schema.const), schema: null };
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map((value) => JSON.stringify(value));
    return { text: values.length === 1 ? values[0]! : `one of ${values.join(", ")}`, schema: null };
  }
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(options)) {
    const types = options.map(typeOf);
    return { text: types.map((type) => type.text).join(" or "), schema: types.find((type) => type.schema)?.schema ?? null };
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [text(schema.type) ?? "any"];
  const words = types.map((type) => {
    if (type === "array") return `array of ${typeOf(asObject(schema.items)).text}`;
    if (type === "string" && schema.format === "binary") return "file";
    if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
    if (type === "object" && typeof schema.additionalProperties === "object")
      return `object of ${typeOf(asObject(schema.additionalProperties)).text}`;
    return type;
  });
  const item = types.includes("array") ? typeOf(asObject(schema.items)).schema : null;
  return { text: words.join(" or "), schema: item };
}

function notesOf(schema: Json): string[] {
  const notes: string[] = [];
  const number = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : null);
  const [minLength, maxLength] = [number("minLength"), number("maxLength")];
  if (minLength !== null && minLength === maxLength) notes.push(`exactly ${minLength} characters`);
  else {
    if (minLength !== null) notes.push(minLength === 1 ? "not blank" : `at least ${minLength} characters`);
    if (maxLength !== null) notes.push(`at most ${maxLength} characters`);
  }
  if (number(MAX_BYTES_KEYWORD) !== null) notes.push(`at most ${number(MAX_BYTES_KEYWORD)} bytes in UTF-8`);
  const [minItems, maxItems] = [number("minItems"), number("maxItems")];
  if (minItems !== null && minItems === maxItems) notes.push(`exactly ${minItems} items`);
  else {
    if (minItems !== null) notes.push(`at least ${minItems} items`);
    if (maxItems !== null) notes.push(`at most ${maxItems} items`);
  }
  if (number("minimum") !== null) notes.push(`from ${number("minimum")}`);
  if (number("maximum") !== null) notes.push(`up to ${number("maximum")}`);
  if (number("minProperties") !== null) notes.push(`at least ${number("minProperties")} entries`);
  if (text(schema.pattern)) notes.push(`matches ${schema.pattern}`);
  if (text(schema.contentMediaType)) notes.push(`content type ${schema.contentMediaType}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  const items = asObject(schema.items);
  if (schema.type === "array" && !refName(items)) notes.push(...notesOf(items).map((note) => `each ${note}`));
  return notes;
}

/** `^technologies\[\d*\]$` → `technologies[n]`. */
function patternName(pattern: string): string {
  return pattern
    .replace(/^\^|\$$/g, "")
    .replace(/\\\[\\d\*\\\]/g, "[n]")
    .replace(/\\(.)/g, "$1");
}

function fieldOf(
  name: string,
  property: Json,
  required: boolean,
  resolve: (schema: Json) => Json,
  extra: { note?: string; description?: unknown } = {},
): FieldView {
  const shown = resolve(property);
  return {
    name,
    type: typeOf(property),
    required,
    notes: [...(extra.note ? [extra.note] : []), ...notesOf(shown)],
    description: text(extra.description) ?? text(property.description) ?? text(shown.description),
  };
}

function fieldsOf(schema: Json, resolve: (schema: Json) => Json): FieldView[] {
  const object = resolve(schema);
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return [
    ...Object.entries(asObject(object.properties)).map(([name, property]) =>
      fieldOf(name, asObject(property), required.has(name), resolve),
    ),
    ...Object.entries(asObject(object.patternProperties)).map(([pattern, property]) =>
      fieldOf(patternName(pattern), asObject(property), false, resolve, { note: "once per item: [0], [1]…" }),
    ),
  ];
}

function headersOf(response: Json): HeaderView[] {
  return Object.entries(asObject(response.headers)).map(([name, value]) => {
    const header = asObject(value);
    const schema = asObject(header.schema);
    return { name, type: typeOf(schema).text, description: text(header.description) ?? text(schema.description) };
  });
}

function responseOf(status: string, response: Json): ResponseView {
  const schema = asObject(asObject(asObject(response.content)["application/json"]).schema);
  return {
    status,
    description: text(response.description) ?? "",
    body: Object.keys(schema).length ? typeOf(schema) : null,
    headers: headersOf(response),
  };
}

const SCHEME_WORDS: Record<string, string> = {
  bearerAuth: "bearer token",
  sessionCookie: "session cookie",
  xsrfToken: "X-XSRF-TOKEN header",
};

function authOf(security: unknown): string {
  const requirements = Array.isArray(security) ? (security as Json[]) : [];
  if (!requirements.length) return "None";
  const alternatives = requirements.map((requirement) =>
    Object.keys(requirement).length
      ? Object.keys(requirement)
          .map((name) => SCHEME_WORDS[name] ?? name)
          .join(" + ")
      : "none (optional)",
  );
  const words = alternatives.join(", or ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function operationOf(path: string, method: string, operation: Json, resolve: (schema: Json) => Json): OperationView {
  const parameters = (Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : []).map((parameter) => ({
    ...fieldOf(String(parameter.name), asObject(parameter.schema), parameter.required === true, resolve, {
      description: parameter.description,
    }),
    in: String(parameter.in),
  }));
  const requestBody = asObject(operation.requestBody);
  const variants = Object.entries(asObject(requestBody.content)).map(([mediaType, media]) => {
    const schema = asObject(asObject(media).schema);
    return { mediaType, type: typeOf(schema), fields: fieldsOf(schema, resolve) };
  });
  return {
    id: text(operation.operationId) ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: text(operation.summary) ?? "",
    description: text(operation.description),
    auth: authOf(operation.security),
    parameters,
    body: variants.length ? { description: text(requestBody.description), variants } : null,
    responses: Object.entries(asObject(operation.responses)).map(([status, response]) => responseOf(status, asObject(response))),
  };
}

function apiReference(document: OpenApiDocument): ApiReference {
  const resolve = resolver(document);
  const operations = Object.entries(asObject(document.paths)).flatMap(([path, item]) =>
    METHODS.filter((method) => asObject(item)[method]).map((method) => ({
      tags: (asObject(asObject(item)[method]).tags as string[] | undefined) ?? [],
      view: operationOf(path, method, asObject(asObject(item)[method]), resolve),
    })),
  );
  const tags = (document.tags ?? []).map((tag) => ({
    name: tag.name,
    description: text(tag.description),
    operations: operations.filter((operation) => operation.tags.includes(tag.name)).map((operation) => operation.view),
  }));
  const untagged = operations.filter((operation) => !operation.tags.some((name) => tags.some((tag) => tag.name === name)));
  if (untagged.length) tags.push({ name: "Other", description: null, operations: untagged.map((operation) => operation.view) });

  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    description: (document.info.description ?? "").split(/\n{2,}/).filter(Boolean),
    server: document.servers?.[0]?.url ?? null,
    security: Object.entries(asObject(document.components?.securitySchemes)).map(([name, value]) => {
      const scheme = asObject(value);
      const kind = scheme.type === "http" ? `HTTP ${String(scheme.scheme)}` : `${String(scheme.name)} (${String(scheme.in)})`;
      return { name, kind, description: text(scheme.description) };
    }),
    tags,
    general: Object.entries(asObject(document.components?.responses)).map(([name, response]) => ({
      name,
      ...responseOf(text(asObject(response)["x-status"]) ?? name, asObject(response)),
    })),
    schemas: Object.entries(asObject(document.components?.schemas)).map(([name, value]) => {
      const schema = asObject(value);
      return {
        name,
        description: text(schema.description),
        type: typeOf(schema),
        fields: schema.type === "object" ? fieldsOf(schema, resolve) : [],
      };
    }),
  };
}

let cached: ApiReference | undefined;

export function getApiReference(): ApiReference {
  cached ??= apiReference(getOpenApiDocument());
  return cached;
}
