import type { PartContent, SOCIAL_ICONS } from "./content-schemas";
import { whatsAppChatUrl } from "~/lib/phone-links";

// docs/behaviour.md#frame: the social links are the stored ones, then WhatsApp and email from the settings.

type SocialIcon = (typeof SOCIAL_ICONS)[number] | "whatsapp" | "email";

export type SocialChannel = {
  id: string;
  name: string;
  icon: SocialIcon;
  url: string;
  color: string;
  displayNumber?: string;
  displayAddress?: string;
};

// Each network's own colour, darkened where needed so the icon keeps 3:1 against white.
const COLOURS: Record<SocialIcon, string> = {
  linkedin: "#0A66C2",
  facebook: "#1877F2",
  instagram: "#C13584",
  x: "#0F1419",
  youtube: "#CC0000",
  github: "#1F2328",
  dribbble: "#C32361",
  behance: "#0057FF",
  link: "#475569",
  whatsapp: "#128C4A",
  email: "#B45309",
};

export function socialChannels(
  links: PartContent<"social">["links"],
  settings: { whatsappNumber: string; contactEmail: string },
): SocialChannel[] {
  return [
    ...links.map((link, index) => ({
      id: `${link.icon}-${index}`,
      name: link.name,
      icon: link.icon,
      url: link.url,
      color: COLOURS[link.icon],
    })),
    {
      id: "whatsapp",
      name: "WhatsApp",
      icon: "whatsapp",
      url: whatsAppChatUrl(settings.whatsappNumber),
      color: COLOURS.whatsapp,
      displayNumber: settings.whatsappNumber,
    },
    {
      id: "email",
      name: "Email",
      icon: "email",
      url: `mailto:${settings.contactEmail}`,
      color: COLOURS.email,
      displayAddress: settings.contactEmail,
    },
  ];
}
