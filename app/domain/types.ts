import type { z } from "zod";
import type { adminShape, caseStudyShape, outcomeShape, publicCaseStudyShape } from "./shapes";

/**
 * The JSON shapes of the entities, as pages and the API see them: `id` strings, never `_id`, never a password.
 * Inferred from the zod shapes in ./shapes, which the OpenAPI document is generated from (type-only imports:
 * nothing of zod reaches the browser through this module).
 */
export type Outcome = z.infer<typeof outcomeShape>;

export type CaseStudy = z.infer<typeof caseStudyShape>;

/** A case study in public answers: without `status` (they only ever hold published entries). */
export type PublicCaseStudy = z.infer<typeof publicCaseStudyShape>;

export type Admin = z.infer<typeof adminShape>;
