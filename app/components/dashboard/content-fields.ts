import { getZodConstraint } from "@conform-to/zod";
import {
  CONTENT_LISTS,
  CONTENT_URL_MAX_LENGTH,
  contentSchemas,
  SERVICE_ICONS,
  SOCIAL_ICONS,
  type ContentPart,
} from "~/domain/content-schemas";
import { FONTS } from "~/lib/fonts";

// What each part's editor shows, field by field, in the schema's names (app/domain/content-schemas.ts). A text's
// length limit is the schema's, read from it; a list's, the schema's constant.

type Option = { value: string; label: string };
type Base = { name: string; label: string; hint?: string };

export type ListSpec = Base & { kind: "list"; itemLabel: string; fields: FieldSpec[]; min?: number; max: number; newItem: unknown };

export type FieldSpec =
  | (Base & { kind: "text" | "url" | "date"; max?: number })
  | (Base & { kind: "textarea" | "markdown"; max?: number; rows?: number })
  | (Base & { kind: "lines"; rows?: number })
  | (Base & { kind: "select"; options: readonly Option[] })
  | (Base & { kind: "checkboxes"; options: readonly Option[] })
  | (Base & { kind: "colour" })
  | (Base & { kind: "image"; altHint?: string })
  | (Base & { kind: "group"; fields: FieldSpec[] })
  | ListSpec;

const label = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, dash: string, letter: string) => (dash ? " " : "") + letter.toUpperCase());

const serviceIconOptions = SERVICE_ICONS.map((icon) => ({ value: icon, label: label(icon) }));
const socialIconOptions = SOCIAL_ICONS.map((icon) => ({ value: icon, label: icon === "x" ? "X" : label(icon) }));

const legalFields: FieldSpec[] = [
  { kind: "text", name: "title", label: "Title" },
  { kind: "textarea", name: "description", label: "Description", hint: "For search engines and link previews." },
  { kind: "date", name: "lastUpdated", label: "Last updated" },
  { kind: "markdown", name: "body", label: "Text" },
];

const titledText = (name: string, title: string): FieldSpec => ({
  kind: "group",
  name,
  label: title,
  fields: [
    { kind: "text", name: "title", label: "Title" },
    { kind: "textarea", name: "text", label: "Text", rows: 4 },
  ],
});

export function contentFields(part: ContentPart, options: { services: Option[] }): FieldSpec[] {
  return withLengthLimits(fieldsOf(part, options), getZodConstraint(contentSchemas[part]), "");
}

/** The form names of the Markdown fields, each with a "Preview" (no part has one inside a list). */
export function markdownFieldNames(fields: FieldSpec[], prefix = ""): string[] {
  return fields.flatMap((field) => {
    if (field.kind === "markdown") return [`${prefix}${field.name}`];
    if (field.kind === "group") return markdownFieldNames(field.fields, `${prefix}${field.name}.`);
    return [];
  });
}

type Constraints = ReturnType<typeof getZodConstraint>;

/** Each text field's `max` is the schema's maxLength at its path (`figures[].value`, `mission.title`). */
function withLengthLimits(fields: FieldSpec[], constraints: Constraints, prefix: string): FieldSpec[] {
  return fields.map((field) => {
    const path = `${prefix}${field.name}`;
    switch (field.kind) {
      case "text":
      case "url":
      case "date":
      case "textarea":
      case "markdown": {
        const max = constraints[path]?.maxLength ?? (field.kind === "url" ? CONTENT_URL_MAX_LENGTH : undefined);
        return max === undefined ? field : { ...field, max };
      }
      case "group":
        return { ...field, fields: withLengthLimits(field.fields, constraints, `${path}.`) };
      case "list":
        return { ...field, fields: withLengthLimits(field.fields, constraints, `${path}[].`) };
      default:
        return field;
    }
  });
}

function fieldsOf(part: ContentPart, { services }: { services: Option[] }): FieldSpec[] {
  switch (part) {
    case "brand":
      return [
        { kind: "text", name: "name", label: "Studio name", hint: "In the header, the footer, page titles and emails." },
        { kind: "image", name: "logo", label: "Logo", altHint: "Usually empty: the studio's name is written beside it." },
        {
          kind: "colour",
          name: "accent",
          label: "Accent colour",
          hint: "Buttons, links and highlights. White text on it must keep WCAG AA contrast (4.5:1), so very light colours are refused.",
        },
        { kind: "select", name: "font", label: "Typeface", options: FONTS.map(({ id, label }) => ({ value: id, label })) },
      ];
    case "home":
      return [
        { kind: "text", name: "heroEyebrow", label: "Hero eyebrow" },
        { kind: "text", name: "heroHeadline", label: "Hero headline" },
        { kind: "textarea", name: "heroText", label: "Hero text" },
        {
          kind: "list",
          name: "figures",
          label: "Figures beside the hero",
          itemLabel: "Figure",
          ...CONTENT_LISTS.figures,
          newItem: { value: "", label: "" },
          fields: [
            { kind: "text", name: "value", label: "Value" },
            { kind: "text", name: "label", label: "Label" },
          ],
        },
        { kind: "lines", name: "taglines", label: "Tagline band", hint: "One phrase per line, 1 to 12; they scroll across the band." },
        {
          kind: "checkboxes",
          name: "teaserServices",
          label: "Services in the home page's teaser",
          hint: "Up to 6, in the order of the services page.",
          options: services,
        },
        { kind: "text", name: "closingHeadline", label: "Closing headline" },
        { kind: "textarea", name: "closingText", label: "Closing text" },
        { kind: "text", name: "closingCta", label: "Closing button's label" },
      ];
    case "services":
      return [
        {
          kind: "list",
          name: "items",
          label: "Services",
          itemLabel: "Service",
          ...CONTENT_LISTS.services,
          hint: "The order here is the order of the services page and its rotation.",
          newItem: { slug: "", title: "", icon: "code", shortDescription: "", description: "" },
          fields: [
            { kind: "text", name: "title", label: "Title" },
            { kind: "text", name: "slug", label: "Address", hint: "Lowercase words and hyphens: /services?service=this-address." },
            { kind: "select", name: "icon", label: "Icon", options: serviceIconOptions },
            { kind: "textarea", name: "shortDescription", label: "Short description" },
            { kind: "textarea", name: "description", label: "Description", rows: 5 },
            { kind: "lines", name: "benefits", label: "Benefits" },
            { kind: "lines", name: "technologies", label: "Technologies" },
            { kind: "lines", name: "industries", label: "Industries" },
            { kind: "lines", name: "keywords", label: "Search keywords", hint: "One per line; for search engines, not shown on the page." },
          ],
        },
      ];
    case "process":
      return [
        {
          kind: "list",
          name: "steps",
          label: "Process steps",
          itemLabel: "Step",
          ...CONTENT_LISTS.steps,
          hint: "The home page highlights each in turn, every 3 seconds.",
          newItem: { title: "", description: "" },
          fields: [
            { kind: "text", name: "title", label: "Title" },
            { kind: "textarea", name: "description", label: "Description" },
          ],
        },
      ];
    case "testimonials":
      return [
        {
          kind: "list",
          name: "items",
          label: "Testimonials",
          itemLabel: "Testimonial",
          ...CONTENT_LISTS.testimonials,
          hint: "The home page features each in turn, every 5 seconds; none hides the section.",
          newItem: { name: "", role: "", company: "", quote: "", rating: "5" },
          fields: [
            { kind: "text", name: "name", label: "Name" },
            { kind: "text", name: "role", label: "Role" },
            { kind: "text", name: "company", label: "Company" },
            { kind: "textarea", name: "quote", label: "Quote", rows: 4 },
            {
              kind: "select",
              name: "rating",
              label: "Rating",
              options: ["5", "4", "3", "2", "1"].map((value) => ({ value, label: `${value} of 5` })),
            },
            { kind: "image", name: "avatar", label: "Photo", altHint: "Usually empty: the name is written beside it." },
          ],
        },
      ];
    case "about":
      return [
        { kind: "text", name: "eyebrow", label: "Eyebrow" },
        { kind: "text", name: "title", label: "Title" },
        { kind: "textarea", name: "intro", label: "Introduction", rows: 4 },
        titledText("mission", "Mission"),
        titledText("vision", "Vision"),
        titledText("approach", "Approach"),
        {
          kind: "list",
          name: "achievements",
          label: "Achievements",
          itemLabel: "Achievement",
          ...CONTENT_LISTS.achievements,
          newItem: { value: "", label: "", detail: "" },
          fields: [
            { kind: "text", name: "value", label: "Value" },
            { kind: "text", name: "label", label: "Label" },
            { kind: "text", name: "detail", label: "Detail" },
          ],
        },
        {
          kind: "list",
          name: "pillars",
          label: "Approach pillars",
          itemLabel: "Pillar",
          ...CONTENT_LISTS.pillars,
          newItem: { title: "", text: "" },
          fields: [
            { kind: "text", name: "title", label: "Title" },
            { kind: "textarea", name: "text", label: "Text" },
            { kind: "lines", name: "points", label: "Points" },
          ],
        },
      ];
    case "team":
      return [
        {
          kind: "list",
          name: "members",
          label: "Team",
          itemLabel: "Member",
          ...CONTENT_LISTS.teamMembers,
          hint: "None hides the team section of the About page.",
          newItem: { name: "", role: "", bio: "", profileUrl: "" },
          fields: [
            { kind: "text", name: "name", label: "Name" },
            { kind: "text", name: "role", label: "Role" },
            { kind: "textarea", name: "bio", label: "Bio", rows: 4 },
            { kind: "image", name: "portrait", label: "Portrait", altHint: "Usually empty: the name is written beside it." },
            { kind: "lines", name: "expertise", label: "Expertise" },
            { kind: "url", name: "profileUrl", label: "Profile link", hint: "A professional profile, such as LinkedIn." },
          ],
        },
      ];
    case "social":
      return [
        {
          kind: "list",
          name: "links",
          label: "Social links",
          itemLabel: "Link",
          ...CONTENT_LISTS.socialLinks,
          hint: "Shown in the footer, the hero and the contact panel, before WhatsApp and email (those come from Settings).",
          newItem: { name: "", icon: "link", url: "" },
          fields: [
            { kind: "text", name: "name", label: "Name" },
            { kind: "select", name: "icon", label: "Icon", options: socialIconOptions },
            { kind: "url", name: "url", label: "Address" },
          ],
        },
      ];
    case "footer":
      return [{ kind: "textarea", name: "blurb", label: "Footer text", hint: "A sentence or two about the studio, under its name." }];
    case "privacy":
    case "terms":
    case "disclaimer":
      return legalFields;
  }
}
