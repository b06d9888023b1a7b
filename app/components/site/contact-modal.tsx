// Placeholder: replaced by the contact modal work.
import type { SiteSettings } from "~/domain/settings.server";

export function ContactModal({ open, onClose }: { open: boolean; onClose: () => void; settings: SiteSettings }) {
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label="Contact us">
      <button type="button" onClick={onClose}>Close</button>
    </div>
  );
}
