import { randomBytes } from "node:crypto";
import { demoCaseStudies } from "~/content/demo-case-studies";
import { demoGalleryImage, demoStories } from "~/content/demo-case-study-stories";
import { AdminModel } from "~/models/admin.server";
import { CaseStudyModel } from "~/models/case-study.server";
import { messages } from "./messages";
import { createAdmin } from "./admins.server";
import { freeSlug } from "./case-studies.server";
import { seedIndustries } from "./industries.server";
import type { Passwords } from "./ports";
import { adminInput, fieldErrors } from "./schemas";
import { seedSiteContent } from "./site-content.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_ADMIN_EMAIL = "admin@example.com";

export type SeedReport = {
  admin: { email: string; password: string | null; created: boolean };
  caseStudiesAdded: number;
  contentPartsAdded: number;
};

/** Idempotent: an existing admin keeps its password (reported as null); titles already present are not added twice. */
export async function seedDemoContent(
  options: { adminEmail?: string; adminPassword?: string; now?: Date },
  passwords: Passwords,
): Promise<SeedReport> {
  const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  let admin: SeedReport["admin"] = { email, password: null, created: false };
  if (!(await AdminModel.exists({ email }))) {
    const password = options.adminPassword ?? randomBytes(12).toString("base64url");
    const input = adminInput.safeParse({ name: "Studio Admin", email, password });
    if (!input.success) throw new Error(`Could not create the demo admin: ${fieldErrors(input.error).message}`);
    const result = await createAdmin(input.data, passwords, null);
    if (!result.ok) throw new Error(`Could not create the demo admin: ${messages.emailTaken}`);
    admin = { email, password, created: true };
  }

  const existing = new Set((await CaseStudyModel.find({}, { title: 1 }).lean()).map((doc) => doc.title));
  const now = (options.now ?? new Date()).getTime();
  const missing = demoCaseStudies.filter((study) => !existing.has(study.title));
  for (const { slug, daysAgo, image, featuredOrder, ...study } of missing) {
    const created_at = new Date(now - daysAgo * DAY_MS);
    const featured =
      featuredOrder === undefined ? { featured: false, featured_order: null } : { featured: true, featured_order: featuredOrder };
    // Explicit dates give the demo a real publication history; timestamps would stamp "now".
    await CaseStudyModel.create(
      [
        {
          ...study,
          slug: await freeSlug(slug),
          ...featured,
          ...demoStoryFields(slug),
          status: "published",
          image_url: image,
          website_url: study.website_url ?? null,
          created_at,
          updated_at: created_at,
        },
      ],
      {
        timestamps: false,
      },
    );
  }
  const contentPartsAdded = await seedSiteContent(options.now);
  // The demo's industries (and any stored entry's) become the list admins manage, once.
  await seedIndustries();
  return { admin, caseStudiesAdded: missing.length, contentPartsAdded };
}

/** A demo study's summary, sections and gallery (demo-case-study-stories.ts), as stored. */
function demoStoryFields(slug: string) {
  const story = demoStories[slug];
  if (!story) return {};
  const { gallery, ...text } = story;
  return {
    ...text,
    gallery: gallery.map(({ alt, caption }, index) => ({ url: demoGalleryImage(slug, index + 1), alt, caption: caption ?? null })),
  };
}
