import { SERVICE_ICONS, SOCIAL_ICONS, type ContentPart } from "~/domain/content-schemas";
import { FONTS } from "~/lib/fonts";

// What each part's editor shows, field by field, in the schema's names (app/domain/content-schemas.ts).

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
  { kind: "text", name: "title", label: "Title", max: 120 },
  { kind: "textarea", name: "description", label: "Description", hint: "For search engines and link previews.", max: 300 },
  { kind: "date", name: "lastUpdated", label: "Last updated" },
  { kind: "markdown", name: "body", label: "Text", max: 60_000 },
];

const titledText = (name: string, title: string): FieldSpec => ({
  kind: "group",
  name,
  label: title,
  fields: [
    { kind: "text", name: "title", label: "Title", max: 80 },
    { kind: "textarea", name: "text", label: "Text", max: 1000, rows: 4 },
  ],
});

export function contentFields(part: ContentPart, { services }: { services: Option[] }): FieldSpec[] {
  switch (part) {
    case "brand":
      return [
        { kind: "text", name: "name", label: "Studio name", max: 60, hint: "In the header, the footer, page titles and emails." },
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
        { kind: "text", name: "heroEyebrow", label: "Hero eyebrow", max: 60 },
        { kind: "text", name: "heroHeadline", label: "Hero headline", max: 120 },
        { kind: "textarea", name: "heroText", label: "Hero text", max: 400 },
        {
          kind: "list",
          name: "figures",
          label: "Figures beside the hero",
          itemLabel: "Figure",
          max: 4,
          newItem: { value: "", label: "" },
          fields: [
            { kind: "text", name: "value", label: "Value", max: 20 },
            { kind: "text", name: "label", label: "Label", max: 80 },
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
        { kind: "text", name: "closingHeadline", label: "Closing headline", max: 120 },
        { kind: "textarea", name: "closingText", label: "Closing text", max: 400 },
        { kind: "text", name: "closingCta", label: "Closing button's label", max: 40 },
      ];
    case "services":
      return [
        {
          kind: "list",
          name: "items",
          label: "Services",
          itemLabel: "Service",
          min: 1,
          max: 12,
          hint: "The order here is the order of the services page and its rotation.",
          newItem: { slug: "", title: "", icon: "code", shortDescription: "", description: "" },
          fields: [
            { kind: "text", name: "title", label: "Title", max: 80 },
            { kind: "text", name: "slug", label: "Address", hint: "Lowercase words and hyphens: /services?service=this-address.", max: 60 },
            { kind: "select", name: "icon", label: "Icon", options: serviceIconOptions },
            { kind: "textarea", name: "shortDescription", label: "Short description", max: 300 },
            { kind: "textarea", name: "description", label: "Description", max: 2000, rows: 5 },
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
          min: 1,
          max: 10,
          hint: "The home page highlights each in turn, every 3 seconds.",
          newItem: { title: "", description: "" },
          fields: [
            { kind: "text", name: "title", label: "Title", max: 60 },
            { kind: "textarea", name: "description", label: "Description", max: 300 },
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
          max: 12,
          hint: "The home page features each in turn, every 5 seconds; none hides the section.",
          newItem: { name: "", role: "", company: "", quote: "", rating: "5" },
          fields: [
            { kind: "text", name: "name", label: "Name", max: 100 },
            { kind: "text", name: "role", label: "Role", max: 100 },
            { kind: "text", name: "company", label: "Company", max: 100 },
            { kind: "textarea", name: "quote", label: "Quote", max: 600, rows: 4 },
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
        { kind: "text", name: "eyebrow", label: "Eyebrow", max: 60 },
        { kind: "text", name: "title", label: "Title", max: 160 },
        { kind: "textarea", name: "intro", label: "Introduction", max: 1000, rows: 4 },
        titledText("mission", "Mission"),
        titledText("vision", "Vision"),
        titledText("approach", "Approach"),
        {
          kind: "list",
          name: "achievements",
          label: "Achievements",
          itemLabel: "Achievement",
          max: 8,
          newItem: { value: "", label: "", detail: "" },
          fields: [
            { kind: "text", name: "value", label: "Value", max: 20 },
            { kind: "text", name: "label", label: "Label", max: 60 },
            { kind: "text", name: "detail", label: "Detail", max: 200 },
          ],
        },
        {
          kind: "list",
          name: "pillars",
          label: "Approach pillars",
          itemLabel: "Pillar",
          max: 6,
          newItem: { title: "", text: "" },
          fields: [
            { kind: "text", name: "title", label: "Title", max: 80 },
            { kind: "textarea", name: "text", label: "Text", max: 600 },
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
          max: 12,
          hint: "None hides the team section of the About page.",
          newItem: { name: "", role: "", bio: "", profileUrl: "" },
          fields: [
            { kind: "text", name: "name", label: "Name", max: 100 },
            { kind: "text", name: "role", label: "Role", max: 100 },
            { kind: "textarea", name: "bio", label: "Bio", max: 600, rows: 4 },
            { kind: "image", name: "portrait", label: "Portrait", altHint: "Usually empty: the name is written beside it." },
            { kind: "lines", name: "expertise", label: "Expertise" },
            { kind: "url", name: "profileUrl", label: "Profile link", hint: "A professional profile, such as LinkedIn.", max: 500 },
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
          max: 8,
          hint: "Shown in the footer, the hero and the contact panel, before WhatsApp and email (those come from Settings).",
          newItem: { name: "", icon: "link", url: "" },
          fields: [
            { kind: "text", name: "name", label: "Name", max: 40 },
            { kind: "select", name: "icon", label: "Icon", options: socialIconOptions },
            { kind: "url", name: "url", label: "Address", max: 500 },
          ],
        },
      ];
    case "footer":
      return [
        { kind: "textarea", name: "blurb", label: "Footer text", max: 400, hint: "A sentence or two about the studio, under its name." },
      ];
    case "privacy":
    case "terms":
    case "disclaimer":
      return legalFields;
  }
}
