import { z } from "zod";
import { CASE_STUDY_STATUSES } from "./case-study-status";
import { OBJECT_ID } from "./ids";

// Answers, ./types and the OpenAPI document all derive from these, so they cannot drift; nothing parses with them at run time.

export const objectIdText = z.string().regex(OBJECT_ID);

export const outcomeShape = z
  .object({
    label: z.string().min(1),
    value: z.string().min(1),
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
    image_url: z.string().url(),
    image_alt: z.string().nullable(),
    website_url: z.string().url().nullable(),
    status: z.enum(CASE_STUDY_STATUSES),
    created_at: z.string().datetime(),
  })
  .strict();

export const publicCaseStudyShape = caseStudyShape.omit({ status: true });

export const adminShape = z
  .object({
    id: objectIdText,
    name: z.string(),
    email: z.string().email(),
  })
  .strict();
