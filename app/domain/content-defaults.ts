import type { SiteContent } from "./content-schemas";
import { about, achievements, approachPillars, team } from "~/content/about";
import { disclaimer, privacyPolicy, termsOfService, type LegalDocument } from "~/content/legal";
import { processSteps } from "~/content/process";
import { services, teaserServiceSlugs } from "~/content/services";
import { site, socialLinks, studioFigures, yearsInBusiness } from "~/content/site";
import { testimonials } from "~/content/testimonials";
import { DEFAULT_FONT } from "~/lib/fonts";

// The demo studio's content, written to the database on the first start (docs/decisions/0020-site-content-as-data.md);
// the site reads the stored content, and a part that was never stored reads as this.

const DEFAULT_ACCENT = "#3b50e6";

const legalDocument = ({ title, description, lastUpdated, body }: LegalDocument) => ({ title, description, lastUpdated, body });

export function defaultSiteContent(now = new Date()): SiteContent {
  return {
    brand: { name: site.name, logo: null, accent: DEFAULT_ACCENT, font: DEFAULT_FONT },
    home: {
      heroEyebrow: "Digital services studio",
      heroHeadline: "We design, build and grow digital products.",
      heroText: site.blurb,
      figures: [
        { value: studioFigures.projectsDelivered, label: "projects delivered" },
        { value: `${yearsInBusiness(now)} yrs`, label: `in business, since ${studioFigures.founded}` },
        { value: studioFigures.clientSatisfaction, label: "client satisfaction" },
        { value: "1 day", label: "to hear back from us (business days)" },
      ],
      taglines: [
        "Software that scales",
        "Websites that convert",
        "Apps people love",
        "Design that stands out",
        "Video that tells your story",
        "Marketing that measures up",
      ],
      teaserServices: [...teaserServiceSlugs],
      closingHeadline: "Have a project in mind?",
      closingText: "Tell us where you want to go. We will come back within one business day with ideas, a rough plan and next steps.",
      closingCta: "Let's talk",
    },
    services: {
      items: services.map((service) => ({
        slug: service.slug,
        title: service.title,
        icon: service.icon,
        shortDescription: service.shortDescription,
        description: service.description,
        benefits: [...service.benefits],
        technologies: [...service.technologies],
        industries: [...(service.industries ?? [])],
        keywords: [...(service.keywords ?? [])],
      })),
    },
    process: { steps: processSteps.map(({ title, description }) => ({ title, description })) },
    testimonials: {
      items: testimonials.map(({ name, role, company, quote, avatar, rating }) => ({
        name,
        role,
        company,
        quote,
        avatar: { url: avatar, alt: "" },
        rating,
      })),
    },
    about: {
      eyebrow: about.eyebrow,
      title: about.title,
      intro: about.intro,
      mission: { ...about.mission },
      vision: { ...about.vision },
      approach: { ...about.approach },
      achievements: achievements.map(({ value, label, detail }) => ({ value, label, detail })),
      pillars: approachPillars.map(({ title, text, points }) => ({ title, text, points: [...points] })),
    },
    team: {
      members: team.map(({ name, role, bio, image, expertise, profileUrl }) => ({
        name,
        role,
        bio,
        portrait: { url: `${image}-640.webp`, alt: "" },
        expertise: [...expertise],
        profileUrl,
      })),
    },
    social: { links: socialLinks.map((link) => ({ ...link })) },
    footer: { blurb: site.blurb },
    privacy: legalDocument(privacyPolicy),
    terms: legalDocument(termsOfService),
    disclaimer: legalDocument(disclaimer),
  };
}
