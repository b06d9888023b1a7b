import type { PartContent, SiteContent } from "./content-schemas";

// What the public pages take from the stored content (docs/behaviour.md#site-content), in the shapes their
// loaders hand to the browser: each page only the parts it shows.

/** The frame's parts: the root loader's, so every page and every error page has them. */
export type FrameContent = {
  brand: Pick<PartContent<"brand">, "name" | "logo">;
  footer: PartContent<"footer">;
  social: PartContent<"social">["links"];
  /** An admin's preview: drafts are shown (docs/behaviour.md#preview). */
  preview: boolean;
};

export function frameContent(content: SiteContent, preview: boolean): FrameContent {
  return {
    brand: { name: content.brand.name, logo: content.brand.logo },
    footer: content.footer,
    social: content.social.links,
    preview,
  };
}

export type ServiceContent = PartContent<"services">["items"][number];
export type TeaserService = Pick<ServiceContent, "slug" | "title" | "shortDescription" | "icon">;

/** The home page's teaser: the services it names, in its order; a name no service has any more is left out. */
function teaserServices(content: Pick<SiteContent, "home" | "services">): TeaserService[] {
  const bySlug = new Map(content.services.items.map((service) => [service.slug, service]));
  return content.home.teaserServices.flatMap((slug) => {
    const service = bySlug.get(slug);
    return service ? [{ slug, title: service.title, shortDescription: service.shortDescription, icon: service.icon }] : [];
  });
}

/** The home page's parts. */
export function homeContent(content: SiteContent) {
  return {
    home: content.home,
    teaser: teaserServices(content),
    steps: content.process.steps,
    testimonials: content.testimonials.items,
  };
}
export type HomeContent = ReturnType<typeof homeContent>;

/** The About page's parts. */
export function aboutContent(content: SiteContent) {
  return { about: content.about, team: content.team.members };
}
export type AboutContent = ReturnType<typeof aboutContent>;

type Matches = readonly { id: string; data: unknown }[];

/** The studio's name and logo, from the root loader's data (meta functions get it through `matches`). */
export function brandFrom(matches: Matches): FrameContent["brand"] {
  const root = matches.find((match) => match.id === "root")?.data as { frame?: FrameContent } | undefined;
  return root?.frame?.brand ?? { name: "", logo: null };
}

/** `label | studio`, or the label alone when the studio's name could not be read. */
export function titleWith(matches: Matches, label: string): string {
  const { name } = brandFrom(matches);
  return name ? `${label} | ${name}` : label;
}

const NUMBER_WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve"];

/** "Six steps", "One service": a count as the start of a sentence. */
export function countedNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${NUMBER_WORDS[count] ?? String(count)} ${count === 1 ? singular : plural}`;
}

/** The WhatsApp text a service's Get Started button fills in. */
export function getStartedMessage(studio: string, service: Pick<ServiceContent, "title">): string {
  return `Hi ${studio}! I'm interested in your ${service.title} service and would like to get started. Could we talk about my project?`;
}
