export const site = {
  name: "Northbeam Studio",
  tagline: "Software, web, apps, design, video and marketing under one roof.",
  blurb:
    "We are a digital services studio that designs, builds and grows products: custom software, websites, mobile apps, brand design, video and digital marketing.",
  /** The dashboard's settings can override it. */
  email: "hello@northbeam.studio",
  address: "Remote-first, with teams in New York and Lisbon",
} as const;

/** Figures more than one page states (home's highlights, About's achievements): one source, so they agree. */
export const studioFigures = {
  founded: 2016,
  projectsDelivered: "140+",
  clientSatisfaction: "98%",
  countriesServed: "14",
} as const;

export function yearsInBusiness(now = new Date()): number {
  return now.getUTCFullYear() - studioFigures.founded;
}

// The demo studio's networks; WhatsApp and email come from the settings (app/domain/social-channels.ts).
export const socialLinks = [
  { name: "LinkedIn", icon: "linkedin", url: "https://www.linkedin.com/company/northbeam-studio" },
  { name: "Facebook", icon: "facebook", url: "https://www.facebook.com/northbeamstudio" },
  { name: "Instagram", icon: "instagram", url: "https://www.instagram.com/northbeam.studio" },
] as const;
