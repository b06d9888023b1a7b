import { z } from "zod";

/**
 * The JSON shapes of the entities, as pages and the API answer them, as zod schemas: ./types infers its
 * types from them and the OpenAPI document (~/server/openapi.server) is generated from them, so the
 * answers, the types and the documentation cannot drift apart. Exact shapes (`.strict()`): `id` strings,
 * never `_id`, never a password. Nothing parses with them at run time.
 */

/** A MongoDB ObjectId as the API writes it: 24 lowercase hexadecimal digits. */
export const objectIdText = z.string().regex(/^[0-9a-f]{24}$/);

export const outcomeShape = z
  .object({
    label: z.string(),
    value: z.string(),
  })
  .strict();

export const caseStudyShape = z
  .object({
    id: objectIdText,
    title: z.string(),
    client: z.string(),
    industry: z.string(),
    project_insight: z.string(),
    technologies: z.array(z.string()),
    outcomes: z.array(outcomeShape),
    image_url: z.string(),
    website_url: z.string().nullable(),
    created_at: z.string().datetime(),
  })
  .strict();

export const adminShape = z
  .object({
    id: objectIdText,
    name: z.string(),
    email: z.string().email(),
  })
  .strict();
