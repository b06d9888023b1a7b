import { phoneDigits } from "~/lib/phone-links";
import { socialChannels } from "~/domain/social-channels";
import type { SiteSettings } from "~/domain/settings.server";
import { Icon } from "../icons";
import { SocialLinks } from "./frame";

// docs/behaviour.md#contact
export function GetInTouch({ settings, headingId, headingLevel = 2 }: { settings: SiteSettings; headingId: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // WhatsApp and email come from the settings alone.
  const channels = socialChannels([], settings);
  const whatsapp = channels.find((channel) => channel.id === "whatsapp");
  const email = channels.find((channel) => channel.id === "email");

  return (
    <div>
      <Heading id={headingId} className="text-xl font-bold tracking-tight">
        Get in Touch
      </Heading>
      <p className="mt-2 text-sm text-brand-50">
        Prefer a quick chat? Reach us on any channel below. We usually reply within one business day.
      </p>
      <SocialLinks settings={settings} className="mt-5" />
      <ul className="mt-6 space-y-4 text-sm">
        <li className="flex items-start gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/10">
            <Icon name="email" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-brand-50">Email</p>
            <p>
              <a
                href={email?.url ?? `mailto:${settings.contactEmail}`}
                className="break-all font-semibold underline-offset-4 hover:underline"
              >
                {email?.displayAddress ?? settings.contactEmail}
              </a>
            </p>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/10">
            <Icon name="phone" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-brand-50">Phone / WhatsApp</p>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <a href={`tel:+${phoneDigits(settings.whatsappNumber)}`} className="font-semibold underline-offset-4 hover:underline">
                {whatsapp?.displayNumber ?? settings.whatsappNumber}
              </a>
              {whatsapp ? (
                <a
                  href={whatsapp.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-full bg-white/10 px-2.5 py-1 text-xs font-medium hover:bg-white/20"
                >
                  Chat on WhatsApp
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </p>
          </div>
        </li>
      </ul>
    </div>
  );
}
