import { createHash } from "node:crypto";
import { AutoReplyClaimModel } from "~/models/auto-reply-claim.server";
import type { ContactMessage } from "./contact-messages.server";
import { autoReplyMail } from "./notifications";
import type { Mail } from "./ports";
import { getAutoReply, getSiteSettings } from "./settings.server";
import { ok, refused, type Result } from "./shared";
import { getPublishedContent } from "./site-content.server";

// docs/behaviour.md#autoresponder

const DAY_MS = 86_400_000;
/** A claim outlives its UTC day by a day, then the sweeper removes it. */
const CLAIM_KEEP_MS = 2 * DAY_MS;

type AutoReplyRefusal = "spam" | "off" | "mail-off" | "already-today" | "not-queued";

/** The address's claim on `now`'s UTC day: its hash, never the address. */
function claimId(email: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `${day}:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url")}`;
}

const isDuplicate = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

/**
 * Answers a new lead with the studio's autoresponse, at most once a UTC day per address: the insert of the day's claim
 * lets one of racing messages (on any instance) in, so the form cannot be used to mail a stranger more than that.
 * Never for spam. A queue that fails gives the day back.
 */
export async function autoRespond(
  lead: ContactMessage,
  mail: Pick<Mail, "enabled" | "autoReply">,
  now = new Date(),
): Promise<Result<void, AutoReplyRefusal>> {
  if (lead.status === "spam") return refused("spam");
  if (!mail.enabled()) return refused("mail-off");
  const settings = await getAutoReply();
  if (!settings.on) return refused("off");
  const _id = claimId(lead.email, now);
  try {
    await AutoReplyClaimModel.create({ _id, expires_at: new Date(now.getTime() + CLAIM_KEEP_MS) });
  } catch (error) {
    if (isDuplicate(error)) return refused("already-today");
    throw error;
  }
  const [{ contactEmail }, content] = await Promise.all([getSiteSettings(), getPublishedContent()]);
  const composed = autoReplyMail(settings, { name: lead.name, studio: content.brand.name });
  if (!(await mail.autoReply({ ...composed, to: lead.email, replyTo: contactEmail }))) {
    await AutoReplyClaimModel.deleteOne({ _id });
    return refused("not-queued");
  }
  return ok(undefined);
}

export async function sweepAutoReplyClaims(now = new Date()): Promise<number> {
  const { deletedCount } = await AutoReplyClaimModel.deleteMany({ expires_at: { $lte: now } });
  return deletedCount;
}
