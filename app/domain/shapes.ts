import { z } from "zod";
import { CASE_STUDY_STATUSES } from "./case-study-status";

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
    /** The image's alt text; null when none was written (pages then use the title where the image needs one). */
    image_alt: z.string().nullable(),
    website_url: z.string().nullable(),
    /** Draft (admins only) or published (everywhere). */
    status: z.enum(CASE_STUDY_STATUSES),
    created_at: z.string().datetime(),
  })
  .strict();

/**
 * A case study as public answers give it (GET /api/public/case-studies): only published entries are ever
 * there, so `status` would say nothing and is left out, as the public answer always was.
 */
export const publicCaseStudyShape = caseStudyShape.omit({ status: true });

export const adminShape = z
  .object({
    id: objectIdText,
    name: z.string(),
    email: z.string().email(),
  })
  .strict();
