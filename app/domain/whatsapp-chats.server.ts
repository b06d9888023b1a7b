import { WhatsAppChatModel } from "~/models/whatsapp-chat.server";
import { getStartedMessage } from "./page-content";
import { pagePath } from "./lead-source";

// docs/behaviour.md#whatsapp-chats, decision 0051: chats started through the site, counted without personal data.

/** The service of a chat whose service is not in the catalogue: still a chat, counted apart. */
const OTHER_SERVICE = "other";
/** The page of a chat that came with neither a page of this site nor a Referer from it. */
const UNKNOWN_PAGE = "unknown";

// The public pages a Get Started can sit on: anything else (a bot's made-up path) is no new counter.
const COUNTED_PAGE = /^\/(?:|services|about|contact|case-studies|case-studies\/[a-z0-9-]{1,100})$/;

/** The page a chat was started from: an explicit `from`, else the Referer's path when it is this site's. */
export function chatPage(from: string | null, referer: string | null, siteHost: string): string {
  const explicit = from ? pagePath(from) : null;
  if (explicit) return COUNTED_PAGE.test(explicit) ? explicit : UNKNOWN_PAGE;
  if (!referer) return UNKNOWN_PAGE;
  try {
    const { hostname, pathname } = new URL(referer);
    return hostname === siteHost && COUNTED_PAGE.test(pathname) ? pathname : UNKNOWN_PAGE;
  } catch {
    return UNKNOWN_PAGE;
  }
}

type Service = { slug: string; title: string };

/**
 * Where a Get Started leads: the chat with the same prefilled text as the Services page's, for a service of the
 * catalogue; the plain chat, counted as "other", for anything else.
 */
export function whatsAppChatFor(
  slug: string | null,
  { services, studio }: { services: readonly Service[]; studio: string },
): { service: string; text: string | undefined } {
  const service = services.find((item) => item.slug === slug);
  return service ? { service: service.slug, text: getStartedMessage(studio, service) } : { service: OTHER_SERVICE, text: undefined };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const isDuplicate = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/** One more chat on the day's counter for this service and page: an atomic upsert, so parallel clicks all count. */
export async function countChatStarted({ service, page, at = new Date() }: { service: string; page: string; at?: Date }): Promise<void> {
  const where = { day: utcDay(at), service, page };
  try {
    await WhatsAppChatModel.updateOne(where, { $inc: { count: 1 } }, { upsert: true });
  } catch (error) {
    // Another request inserted the day's counter between this one's match and insert: it exists now.
    if (!isDuplicate(error)) throw error;
    await WhatsAppChatModel.updateOne(where, { $inc: { count: 1 } });
  }
}

export type ChatsPerService = { service: string; chats: number }[];

/** Chats started per service from the start of `from` to the end of `to` (UTC days), most first. */
export async function chatsStartedPerService({ from, to }: { from: Date; to: Date }): Promise<ChatsPerService> {
  const docs = await WhatsAppChatModel.find({ day: { $gte: utcDay(from), $lte: utcDay(to) } }).lean();
  const totals = new Map<string, number>();
  for (const doc of docs) totals.set(doc.service, (totals.get(doc.service) ?? 0) + doc.count);
  return [...totals]
    .map(([service, chats]) => ({ service, chats }))
    .sort((a, b) => b.chats - a.chats || a.service.localeCompare(b.service));
}
