import { checkAccent } from "~/lib/brand-colour";
import { FONTS, type FontId } from "~/lib/fonts";
import { MARKDOWN_MAX_DEPTH, markdownTooDeep } from "~/lib/markdown-depth";
import { IMAGE_ALT_MAX_LENGTH } from "./constants";
import { messages } from "./messages";
import { z } from "./zod-openapi";

// The site's editable content, one schema per part (docs/decisions/0020-site-content-as-data.md). Shared by the
// editors, the API and the seed; safe for the browser. The demo's counts are not limits: each list states its own.

const text = (label: string, max: number) =>
  z
    .string({ required_error: messages.fillInField(label), invalid_type_error: messages.fillInField(label) })
    .trim()
    .min(1, messages.fillInField(label))
    .max(max, messages.contentTooLong(label, max));

const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: messages.contentTooLong(label, max) })
    .trim()
    .max(max, messages.contentTooLong(label, max))
    .default("");

// Limits as zod checks rather than refinements, so the API's OpenAPI document states them (minItems, maxItems).
const list = <T extends z.ZodTypeAny>(item: T, label: string, { min = 0, max }: { min?: number; max: number }) => {
  const items = z.array(item, { invalid_type_error: messages.contentListInvalid(label) });
  return (min > 0 ? items.min(min, messages.contentListTooShort(label, min)) : items)
    .max(max, messages.contentListTooLong(label, max))
    .default([]);
};

/** A list of short texts: an array, or one per line (a form's textarea); blank lines are no item. */
const phrases = (label: string, itemMax: number, limits: { min?: number; max: number }) =>
  z.preprocess(
    (value) => {
      const items = typeof value === "string" ? value.split(/\r?\n/) : value;
      return Array.isArray(items)
        ? items.map((item) => (typeof item === "string" ? item.trim() : item)).filter((item) => item !== "")
        : items;
    },
    list(z.string().trim().max(itemMax, messages.contentTooLong(label, itemMax)), label, limits),
  );

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A blank passes it, so that a blank field gets one message (the required one), and the rule stays a plain check the editors and the API document read. */
const SLUG_OR_BLANK = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/** How many entries each list of the editors takes: the schemas refuse more, and the editors offer no more. */
export const CONTENT_LISTS = {
  figures: { max: 4 },
  services: { min: 1, max: 12 },
  steps: { min: 1, max: 10 },
  testimonials: { max: 12 },
  achievements: { max: 8 },
  pillars: { max: 6 },
  teamMembers: { max: 12 },
  socialLinks: { max: 8 },
} as const;

/** A web address's length limit; also the editors' for the profile link, which a blank may replace (a union the forms' constraint cannot read). */
export const CONTENT_URL_MAX_LENGTH = 500;

/** No `..` anywhere: a path never leaves its folder. */
export const CONTENT_IMAGE_PATH = /^\/(?:uploads|images)\/(?!.*\.\.)[A-Za-z0-9._/-]+$/;
/** The API takes such a path root-relative or absolute (under this site, or ASSET_URL), and answers it absolute. */
export const CONTENT_IMAGE_URL_PATTERN = `^(?:https?://[^/?#]+(?:/[^?#]*)?)?${CONTENT_IMAGE_PATH.source.slice(1)}`;

/** An image the site serves: an upload (`/uploads/…`) or a file of the site's own (`/images/…`). */
export const contentImage = z.object({
  url: z
    .string({ invalid_type_error: messages.contentImageInvalid })
    .trim()
    .regex(CONTENT_IMAGE_PATH, messages.contentImageInvalid)
    .openapi({
      pattern: CONTENT_IMAGE_URL_PATTERN,
      description:
        "An upload of this site (`/uploads/<32 hex digits>-1600.webp`, from POST /api/content/images) or one of its own images (`/images/…`). Answers give it absolute (under SITE_URL, or ASSET_URL when a CDN serves images); a request may send it either way, and an absolute address of another site is refused.",
    }),
  alt: z
    .string({ invalid_type_error: messages.imageAltInvalid })
    .trim()
    .max(IMAGE_ALT_MAX_LENGTH, messages.imageAltTooLong(IMAGE_ALT_MAX_LENGTH))
    .default(""),
});

/** No image, or one; an image without an address (a form's empty image field) is none. */
const optionalImage = z.preprocess(
  (value) => (value === undefined || (value && typeof value === "object" && !(value as { url?: unknown }).url) ? null : value),
  contentImage.nullable(),
);

const webUrl = (label: string) =>
  z
    .string({ invalid_type_error: messages.contentUrlInvalid(label) })
    .trim()
    .max(CONTENT_URL_MAX_LENGTH, messages.contentTooLong(label, CONTENT_URL_MAX_LENGTH))
    .url(messages.contentUrlInvalid(label))
    .regex(/^https?:\/\//i, messages.contentUrlInvalid(label));

const FONT_IDS = FONTS.map((font) => font.id) as [FontId, ...FontId[]];

const brandContent = z.object({
  name: text("studio's name", 60),
  logo: optionalImage,
  accent: z
    .string({ invalid_type_error: messages.accentInvalid })
    .trim()
    .transform((value, context) => {
      const check = checkAccent(value);
      if (check.ok) return check.accent;
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: check.failing && check.accent ? messages.accentLowContrast(check.accent, check.failing) : messages.accentInvalid,
      });
      return z.NEVER;
    }),
  font: z.enum(FONT_IDS, { errorMap: () => ({ message: messages.fontInvalid }) }),
});

const figure = z.object({ value: text("figure's value", 20), label: text("figure's label", 80) });

const homeContent = z.object({
  heroEyebrow: text("hero's eyebrow", 60),
  heroHeadline: text("hero headline", 120),
  heroText: text("hero text", 400),
  figures: list(figure, "figures", CONTENT_LISTS.figures),
  taglines: phrases("tagline", 60, { min: 1, max: 12 }),
  teaserServices: list(z.string().regex(SLUG), "services in the teaser", { max: 6 }),
  closingHeadline: text("closing headline", 120),
  closingText: text("closing text", 400),
  closingCta: text("closing button's label", 40),
});

export const SERVICE_ICONS = ["code", "globe", "phone", "video", "megaphone", "palette", "layout"] as const;

const serviceContent = z.object({
  slug: text("service's address", 60).regex(SLUG_OR_BLANK, messages.slugInvalid),
  title: text("service's title", 80),
  icon: z.enum(SERVICE_ICONS, { errorMap: () => ({ message: messages.serviceIconInvalid }) }),
  shortDescription: text("short description", 300),
  description: text("description", 2000),
  benefits: phrases("benefit", 200, { max: 10 }),
  technologies: phrases("technology", 60, { max: 30 }),
  industries: phrases("industry", 60, { max: 12 }),
  keywords: phrases("keyword", 60, { max: 12 }),
});

const servicesContent = z.object({
  items: list(serviceContent, "services", CONTENT_LISTS.services).refine(
    (items) => new Set(items.map((item) => item.slug)).size === items.length,
    messages.slugTaken,
  ),
});

const processContent = z.object({
  steps: list(z.object({ title: text("step's title", 60), description: text("step's description", 300) }), "steps", CONTENT_LISTS.steps),
});

const testimonialsContent = z.object({
  items: list(
    z.object({
      name: text("name", 100),
      role: optionalText("role", 100),
      company: optionalText("company", 100),
      quote: text("quote", 600),
      avatar: optionalImage,
      rating: z.coerce
        .number({ invalid_type_error: messages.ratingInvalid })
        .int(messages.ratingInvalid)
        .min(1, messages.ratingInvalid)
        .max(5, messages.ratingInvalid),
    }),
    "testimonials",
    CONTENT_LISTS.testimonials,
  ),
});

const titledText = (label: string) => z.object({ title: text(`${label}'s title`, 80), text: text(`${label}'s text`, 1000) });

const aboutContent = z.object({
  eyebrow: text("eyebrow", 60),
  title: text("title", 160),
  intro: text("introduction", 1000),
  mission: titledText("mission"),
  vision: titledText("vision"),
  approach: titledText("approach"),
  achievements: list(
    z.object({ value: text("achievement's value", 20), label: text("achievement's label", 60), detail: optionalText("detail", 200) }),
    "achievements",
    CONTENT_LISTS.achievements,
  ),
  pillars: list(
    z.object({ title: text("pillar's title", 80), text: text("pillar's text", 600), points: phrases("point", 120, { max: 8 }) }),
    "pillars",
    CONTENT_LISTS.pillars,
  ),
});

const teamContent = z.object({
  members: list(
    z.object({
      name: text("name", 100),
      role: text("role", 100),
      bio: optionalText("bio", 600),
      portrait: optionalImage,
      expertise: phrases("expertise", 60, { max: 8 }),
      profileUrl: webUrl("profile link").or(z.literal("")).default(""),
    }),
    "team members",
    CONTENT_LISTS.teamMembers,
  ),
});

export const SOCIAL_ICONS = ["linkedin", "facebook", "instagram", "x", "youtube", "github", "dribbble", "behance", "link"] as const;

const socialContent = z.object({
  links: list(
    z.object({
      name: text("network's name", 40),
      icon: z.enum(SOCIAL_ICONS, { errorMap: () => ({ message: messages.socialIconInvalid }) }),
      url: webUrl("link"),
    }),
    "social links",
    CONTENT_LISTS.socialLinks,
  ),
});

const footerContent = z.object({
  blurb: text("footer text", 400),
});

const legalFields = {
  title: text("title", 120),
  description: text("description", 300),
  lastUpdated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateInvalid),
  body: text("text", 60_000),
};

/** As saved: its Markdown may not nest past MARKDOWN_MAX_DEPTH (docs/security.md#nesting-depth). */
export const legalContent = z.object({
  ...legalFields,
  body: legalFields.body.refine((body) => !markdownTooDeep(body), messages.markdownTooDeep("text", MARKDOWN_MAX_DEPTH)),
});

/** As stored: a text saved past the check (an import, a script) still shows, flattened by the page. */
const storedLegalContent = z.object(legalFields);

export const contentSchemas = {
  brand: brandContent,
  home: homeContent,
  services: servicesContent,
  process: processContent,
  testimonials: testimonialsContent,
  about: aboutContent,
  team: teamContent,
  social: socialContent,
  footer: footerContent,
  privacy: legalContent,
  terms: legalContent,
  disclaimer: legalContent,
} as const;

/** What a stored part is read with: the saving schemas, except that stored Markdown is not refused for its nesting. */
export const storedContentSchemas = {
  ...contentSchemas,
  privacy: storedLegalContent,
  terms: storedLegalContent,
  disclaimer: storedLegalContent,
} as const;

export type ContentPart = keyof typeof contentSchemas;
export const CONTENT_PARTS = Object.keys(contentSchemas) as ContentPart[];
export type PartContent<P extends ContentPart> = z.output<(typeof contentSchemas)[P]>;
export type SiteContent = { [P in ContentPart]: PartContent<P> };

export function isContentPart(value: string): value is ContentPart {
  return Object.hasOwn(contentSchemas, value);
}

export const contentPartLabels: Record<ContentPart, string> = {
  brand: "Brand",
  home: "Home page",
  services: "Services",
  process: "Process steps",
  testimonials: "Testimonials",
  about: "About page",
  team: "Team",
  social: "Social links",
  footer: "Footer",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  disclaimer: "Disclaimer",
};
