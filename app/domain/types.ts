import type { z } from "zod";
import type { adminAccountShape, adminShape, caseStudyShape, galleryImageShape, outcomeShape, publicCaseStudyShape } from "./shapes";

// Type-only imports: nothing of zod reaches the browser through this module.
export type Outcome = z.infer<typeof outcomeShape>;

export type GalleryImage = z.infer<typeof galleryImageShape>;

export type CaseStudy = z.infer<typeof caseStudyShape>;

export type PublicCaseStudy = z.infer<typeof publicCaseStudyShape>;

export type Admin = z.infer<typeof adminShape>;

/** An admin with their role. */
export type AdminAccount = z.infer<typeof adminAccountShape>;
