import { z } from "zod";
import { CASE_STUDY_STATUSES } from "./case-study-status";
import { ROLES } from "./permissions";
import { OBJECT_ID } from "./shared";

// Answers, ./types and the OpenAPI document all derive from these, so they cannot drift; nothing parses with them at run time.

export const objectIdText = z.string().regex(OBJECT_ID);

export const outcomeShape = z
  .object({
    label: z.string().min(1),
    value: z.string().min(1),
  })
  .strict();

export const galleryImageShape = z
  .object({
    url: z.string().url(),
    alt: z.string(),
    caption: z.string().nullable(),
  })
  .strict();

export const caseStudyShape = z
  .object({
    id: objectIdText,
    slug: z.string(),
    title: z.string(),
    client: z.string(),
    industry: z.string(),
    project_insight: z.string(),
    technologies: z.array(z.string()),
    outcomes: z.array(outcomeShape),
    image_url: z.string().url().nullable().openapi({ description: "null only for a draft without an image yet." }),
    image_alt: z.string().nullable(),
    website_url: z.string().url().nullable(),
    status: z.enum(CASE_STUDY_STATUSES),
    summary: z.string().nullable(),
    challenge: z.string().nullable(),
    approach: z.string().nullable(),
    result: z.string().nullable(),
    gallery: z.array(galleryImageShape),
    services: z.array(z.string()),
    featured: z.boolean(),
    featured_order: z.number().int().nullable(),
    seo_title: z.string().nullable(),
    seo_description: z.string().nullable(),
    seo_image_url: z.string().url().nullable(),
    publish_at: z.string().datetime().nullable(),
    unpublish_at: z.string().datetime().nullable(),
    created_at: z.string().datetime(),
  })
  .strict();

/** What visitors and the public API see: no status, no schedule. */
// Public entries are published, and a published entry has its image (docs/behaviour.md#drafts).
export const publicCaseStudyShape = caseStudyShape
  .omit({ status: true, publish_at: true, unpublish_at: true })
  .extend({ image_url: z.string().url() });

export const adminShape = z
  .object({
    id: objectIdText,
    name: z.string(),
    email: z.string().email(),
  })
  .strict();

/** An admin as the Users screen and the API show them: with their role (docs/security.md#roles). */
export const adminAccountShape = adminShape.extend({ role: z.enum(ROLES) }).strict();
