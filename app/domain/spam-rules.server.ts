import { SettingModel } from "~/models/setting.server";
import { recordEvent, type AdminOrigin } from "./audit-log.server";
import { DEFAULT_SPAM_RULES, spamWordList, type SpamRules } from "./spam";

// docs/behaviour.md#spam. Kept apart from the contact settings and their history: rules a studio tunes as spam
// comes, not what the public site shows.
const MAX_LINKS_KEY = "spamMaxLinks";
const WORDS_KEY = "spamWords";

export async function getSpamRules(): Promise<SpamRules> {
  const docs = await SettingModel.find({ key: { $in: [MAX_LINKS_KEY, WORDS_KEY] } }).lean();
  const value = (key: string) => docs.find((doc) => doc.key === key)?.value;
  const maxLinks = Number(value(MAX_LINKS_KEY));
  return {
    maxLinks: value(MAX_LINKS_KEY) !== undefined && Number.isInteger(maxLinks) && maxLinks >= 0 ? maxLinks : DEFAULT_SPAM_RULES.maxLinks,
    words: spamWordList(value(WORDS_KEY) ?? ""),
  };
}

export async function saveSpamRules(rules: SpamRules, origin: AdminOrigin): Promise<SpamRules> {
  const words = [...new Set(rules.words.map((word) => word.trim().toLowerCase()).filter(Boolean))];
  await SettingModel.updateOne({ key: MAX_LINKS_KEY }, { $set: { value: String(rules.maxLinks) } }, { upsert: true });
  await SettingModel.updateOne({ key: WORDS_KEY }, { $set: { value: words.join("\n") } }, { upsert: true });
  await recordEvent(origin, "settings.updated", {
    target: { type: "settings", id: "spam-rules", label: "Spam rules" },
    details: { changed: ["spamMaxLinks", "spamWords"] },
  });
  return { maxLinks: rules.maxLinks, words };
}
