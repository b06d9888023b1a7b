import { createContext, useContext, type MouseEvent, type ReactNode } from "react";
import { contactHref, type LeadTopic } from "~/domain/lead-source";
import { useDialogTrigger } from "~/hooks/use-dialog-trigger";

export type OpenContactAbout = (event: MouseEvent<HTMLAnchorElement>, topic?: LeadTopic) => void;

/** The public layout's contact modal, for links inside its pages; null where there is none (an error page). */
export const ContactOpener = createContext<{ open: OpenContactAbout; intent: () => void } | null>(null);

/**
 * A link to the contact form about a service or case study (docs/behaviour.md#contact-topic): without JavaScript
 * /contact?service=…&case_study=…, with it the contact modal, the topic attached either way.
 */
export function ContactTopicLink({ topic, className, children }: { topic: LeadTopic; className?: string; children: ReactNode }) {
  const opener = useContext(ContactOpener);
  const dialogTrigger = useDialogTrigger();
  return (
    <a
      href={contactHref(topic)}
      {...(opener ? dialogTrigger : {})}
      onClick={opener ? (event) => opener.open(event, topic) : undefined}
      onPointerEnter={opener?.intent}
      onFocus={opener?.intent}
      className={className}
    >
      {children}
    </a>
  );
}
