import { browserName } from "~/lib/user-agent";

// docs/behaviour.md#my-sessions: where a session or an API token was started from, and when it was last used.

/** The client's address (through TRUST_PROXY only) and its User-Agent, as the server saw them. */
export type ClientOrigin = { address: string; userAgent: string };

export const UNKNOWN_ORIGIN: ClientOrigin = { address: "", userAgent: "" };

const MAX_TEXT = 300;

/** How the audit log names a session or a token: the browser's short name and the address, as the server saw them. */
export const accessLabel = ({ userAgent, address }: ClientOrigin) => `${browserName(userAgent)}, ${address || "Unknown"}`;

/** The stored fields of an origin, clipped as the audit log clips them. */
export const originFields = ({ address, userAgent }: ClientOrigin) => ({
  address: address.slice(0, MAX_TEXT),
  user_agent: userAgent.slice(0, MAX_TEXT),
});

/**
 * "Last seen" is written at most this often per session or token: a request within it writes nothing, the first
 * one after it one conditional update (several instances racing change it once).
 */
export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

export const isSeenLongAgo = (lastSeen: Date | null | undefined, now: Date) =>
  !lastSeen || lastSeen.getTime() <= now.getTime() - LAST_SEEN_INTERVAL_MS;

/** The filter that lets only the first of several concurrent requests move `last_seen_at` on. */
export const seenLongAgo = (now: Date) => ({
  $or: [{ last_seen_at: null }, { last_seen_at: { $lte: new Date(now.getTime() - LAST_SEEN_INTERVAL_MS) } }],
});
