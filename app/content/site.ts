import { whatsAppChatUrl } from "~/lib/phone-links";

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

export const mainNav = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Case Studies", to: "/case-studies" },
] as const;

export const footerQuickLinks = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
] as const;

export const footerLegalLinks = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Disclaimer", to: "/disclaimer" },
] as const;

type SocialIcon = "linkedin" | "facebook" | "instagram" | "whatsapp" | "email";

// docs/behaviour.md#fixed-content
export type SocialChannel = {
  id: string;
  name: string;
  icon: SocialIcon;
  url: string;
  color: string;
  displayNumber?: string;
  displayAddress?: string;
};

export function socialChannels(settings: { whatsappNumber: string; contactEmail: string }): SocialChannel[] {
  return [
    { id: "linkedin", name: "LinkedIn", icon: "linkedin", url: "https://www.linkedin.com/company/northbeam-studio", color: "#0A66C2" },
    { id: "facebook", name: "Facebook", icon: "facebook", url: "https://www.facebook.com/northbeamstudio", color: "#1877F2" },
    { id: "instagram", name: "Instagram", icon: "instagram", url: "https://www.instagram.com/northbeam.studio", color: "#C13584" },
    {
      id: "whatsapp",
      name: "WhatsApp",
      icon: "whatsapp",
      url: whatsAppChatUrl(settings.whatsappNumber),
      color: "#128C4A",
      displayNumber: settings.whatsappNumber,
    },
    {
      id: "email",
      name: "Email",
      icon: "email",
      url: `mailto:${settings.contactEmail}`,
      color: "#B45309",
      displayAddress: settings.contactEmail,
    },
  ];
}
