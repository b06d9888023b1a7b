import { INVITATION_LINK_LIFETIME_MS, RESET_LINK_LIFETIME_MS } from "./constants";

// What the one-time links' pages and the API say about a link (docs/behaviour.md#invitations): safe for the browser.

export const ACCOUNT_LINK_PURPOSES = ["invitation", "reset"] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/** What became of a link; "unknown" when no link of that purpose has the token. */
export const LINK_STATES = ["pending", "used", "expired", "withdrawn", "replaced", "unknown"] as const;
export type LinkState = (typeof LINK_STATES)[number];
export type LinkRefusal = Exclude<LinkState, "pending">;

export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  invitation: INVITATION_LINK_LIFETIME_MS,
  reset: RESET_LINK_LIFETIME_MS,
};

/** "48 hours", "1 hour": how long a link works, as the mails and pages say it. */
export function validityOf(purpose: AccountLinkPurpose): string {
  const hours = Math.round(LINK_LIFETIME_MS[purpose] / 3_600_000);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
