import { site } from "~/content/site";
import { SettingModel } from "~/models/setting.server";
import { recordEvent, type Origin } from "./audit-log.server";
import { LEAD_WAIT_HOURS } from "./leads";
import { formatWhatsAppNumber } from "./phone";
import { ok, refused, type Result } from "./shared";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zone";
import type { SettingsFormInput } from "./settings-schema";
import { NO_CONTACT_FIELDS, type ContactFields } from "./contact-schemas";
import { getVersion, hasVersions, recordVersion, SETTINGS_SUBJECT, type VersionAuthor } from "./versions.server";

export type SiteSettings = { whatsappNumber: string; contactEmail: string };

export const DEFAULT_SETTINGS: SiteSettings = {
  whatsappNumber: "+1 (201) 555-0123",
  contactEmail: site.email,
};

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof SiteSettings)[];

export async function getSiteSettings(): Promise<SiteSettings> {
  return (await getPublicSettings()).settings;
}

export type SettingsForm = {
  settings: SiteSettings;
  notificationEmails: string[];
  requireTwoFactor: boolean;
  recordPagesViewed: boolean;
  leadWaitHours: number;
  contactFields: ContactFields;
  autoReply: AutoReplySettings;
  timeZone: string;
};

/** What a version of the settings keeps (docs/decisions/0021-history-as-versions.md). */
type SettingsVersionData = SiteSettings & {
  notificationEmails: string[];
  requireTwoFactor: boolean;
  recordPagesViewed: boolean;
  contactFields: ContactFields;
  leadWaitHours: number;
  autoReply: AutoReplySettings;
  timeZone: string;
};

const versionData = ({ settings, ...rest }: SettingsForm): SettingsVersionData => ({ ...settings, ...rest });

/** Every setting the settings form edits, as stored now (the defaults where none is). */
export async function currentSettings(): Promise<SettingsForm> {
  const [settings, notificationEmails, requireTwoFactor, recordPagesViewed, contactFields, leadWaitHours, autoReply, timeZone] =
    await Promise.all([
      getSiteSettings(),
      getNotificationEmails(),
      isTwoFactorRequired(),
      isRecordingPagesViewed(),
      getContactFields(),
      getLeadWaitHours(),
      getAutoReply(),
      getTimeZone(),
    ]);
  return { settings, notificationEmails, requireTwoFactor, recordPagesViewed, contactFields, leadWaitHours, autoReply, timeZone };
}

const AUDIT_TARGET = { type: "settings", id: "settings", label: "Contact settings" };

async function keepVersion(form: SettingsForm, action: "update" | "restore" | "seed", author: VersionAuthor | null, restoredFrom?: number) {
  await recordVersion(SETTINGS_SUBJECT, versionData(form), { state: "published", action, author, restoredFrom });
}

/**
 * Saves the checked settings form as a new version; no `notificationEmails` keeps the stored addresses, an empty list
 * removes them; no `requireTwoFactor` or `recordPagesViewed` keeps it. The settings as they were before their first recorded save become version 1.
 */
export async function saveSettings(
  {
    notificationEmails,
    requireTwoFactor,
    recordPagesViewed,
    askCompany,
    askBudget,
    budgetRanges,
    askTimeline,
    askPhone,
    leadWaitHours,
    autoReply,
    autoReplySubject,
    autoReplyText,
    timeZone,
    ...settings
  }: SettingsFormInput,
  { origin }: { origin: Origin },
): Promise<SettingsForm & { changed: SettingsField[] }> {
  const before = await currentSettings();
  if (!(await hasVersions(SETTINGS_SUBJECT))) await keepVersion(before, "seed", null);
  const saved = {
    settings: await updateSiteSettings(settings),
    notificationEmails:
      notificationEmails === undefined ? await getNotificationEmails() : await updateNotificationEmails(notificationEmails),
    requireTwoFactor: requireTwoFactor === undefined ? await isTwoFactorRequired() : await updateTwoFactorRequired(requireTwoFactor),
    recordPagesViewed:
      recordPagesViewed === undefined ? await isRecordingPagesViewed() : await updateRecordingPagesViewed(recordPagesViewed),
    leadWaitHours: leadWaitHours === undefined ? await getLeadWaitHours() : await updateLeadWaitHours(leadWaitHours),
    contactFields: await changeContactFields(before.contactFields, {
      company: askCompany,
      budget: askBudget,
      budgetRanges,
      timeline: askTimeline,
      phone: askPhone,
    }),
    autoReply: await updateAutoReply({
      on: autoReply ?? before.autoReply.on,
      subject: autoReplySubject || before.autoReply.subject,
      text: autoReplyText || before.autoReply.text,
    }),
    timeZone: timeZone === undefined ? before.timeZone : await updateTimeZone(timeZone),
  };
  await keepVersion(saved, "update", origin.actor);
  const changed = changedFields(versionData(before), versionData(saved));
  await recordEvent(origin, "settings.updated", { target: AUDIT_TARGET, details: { changed } });
  return { ...saved, changed };
}

type SettingsField = keyof SettingsVersionData;

/** Which fields differ, for the audit log: names only, never the values (addresses are personal data). */
function changedFields(before: SettingsVersionData, after: SettingsVersionData): SettingsField[] {
  return (Object.keys(after) as SettingsField[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** Brings back version `n` of the settings as a new version. */
export async function restoreSettingsVersion(
  n: number,
  { origin }: { origin: Origin },
): Promise<Result<SettingsForm, "version-not-found">> {
  const version = await getVersion<Partial<SettingsVersionData>>(SETTINGS_SUBJECT, n);
  if (!version) return refused("version-not-found");
  const {
    whatsappNumber,
    contactEmail,
    notificationEmails,
    requireTwoFactor,
    recordPagesViewed,
    contactFields,
    leadWaitHours,
    autoReply,
    timeZone,
  } = version.data ?? {};
  const restored = {
    settings: await updateSiteSettings({ whatsappNumber, contactEmail }),
    notificationEmails: await updateNotificationEmails(Array.isArray(notificationEmails) ? notificationEmails : []),
    // A version from before the setting existed leaves it as it is: restoring contact details must not relax sign-in.
    requireTwoFactor: typeof requireTwoFactor === "boolean" ? await updateTwoFactorRequired(requireTwoFactor) : await isTwoFactorRequired(),
    recordPagesViewed:
      typeof recordPagesViewed === "boolean" ? await updateRecordingPagesViewed(recordPagesViewed) : await isRecordingPagesViewed(),
    leadWaitHours: isLeadWaitHours(leadWaitHours) ? await updateLeadWaitHours(leadWaitHours) : await getLeadWaitHours(),
    // A version from before the optional fields had none turned on.
    contactFields: await updateContactFields(contactFieldsOf(contactFields)),
    // A version from before the autoresponder had it off.
    autoReply: await updateAutoReply(autoReplyOf(autoReply)),
    // A version from before the setting, or naming a zone this runtime no longer knows, leaves it as it is.
    timeZone: typeof timeZone === "string" && isTimeZone(timeZone) ? await updateTimeZone(timeZone) : await getTimeZone(),
  };
  await keepVersion(restored, "restore", origin.actor, n);
  await recordEvent(origin, "settings.restored", { target: AUDIT_TARGET, details: { restored_from: n } });
  return ok(restored);
}

export async function updateSiteSettings(changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const values: Partial<SiteSettings> = { ...changes };
  if (values.whatsappNumber !== undefined) values.whatsappNumber = formatWhatsAppNumber(values.whatsappNumber);
  for (const key of KEYS) {
    const value = values[key];
    if (value === undefined) continue;
    await SettingModel.updateOne({ key }, { $set: { value } }, { upsert: true });
  }
  return getSiteSettings();
}

// Not part of SiteSettings: the public site's loader hands those to every visitor.
const NOTIFICATION_EMAILS_KEY = "notificationEmails";

export async function getNotificationEmails(): Promise<string[]> {
  const doc = await SettingModel.findOne({ key: NOTIFICATION_EMAILS_KEY }).lean();
  return splitAddresses(doc?.value);
}

export async function updateNotificationEmails(addresses: string[]): Promise<string[]> {
  const list = unique(addresses);
  if (list.length === 0) await SettingModel.deleteOne({ key: NOTIFICATION_EMAILS_KEY });
  else await SettingModel.updateOne({ key: NOTIFICATION_EMAILS_KEY }, { $set: { value: list.join("\n") } }, { upsert: true });
  return list;
}

// docs/behaviour.md#two-factor-sign-in. Not part of SiteSettings either: nothing the public site needs.
export const REQUIRE_TWO_FACTOR_KEY = "requireTwoFactor";

export async function isTwoFactorRequired(): Promise<boolean> {
  return (await SettingModel.findOne({ key: REQUIRE_TWO_FACTOR_KEY }).lean())?.value === "true";
}

async function updateTwoFactorRequired(required: boolean): Promise<boolean> {
  if (required) await SettingModel.updateOne({ key: REQUIRE_TWO_FACTOR_KEY }, { $set: { value: "true" } }, { upsert: true });
  else await SettingModel.deleteOne({ key: REQUIRE_TWO_FACTOR_KEY });
  return required;
}

// docs/behaviour.md#attribution: on unless a studio turned it off, so only "false" is stored.
const RECORD_PAGES_VIEWED_KEY = "recordPagesViewed";

export async function isRecordingPagesViewed(): Promise<boolean> {
  return (await SettingModel.findOne({ key: RECORD_PAGES_VIEWED_KEY }).lean())?.value !== "false";
}

/** How long an instance trusts its reading of the setting: a change on another instance shows within it (as CONTENT_FRESH_MS). */
const RECORDING_FRESH_MS = 500;
let recording: { on: boolean; checkedAt: number } | null = null;
let readingRecording: Promise<boolean> | null = null;

/** For every page view (entry.server): at most one small read per RECORDING_FRESH_MS on each instance. */
export function recordsPagesViewed(): Promise<boolean> {
  if (recording && Date.now() - recording.checkedAt < RECORDING_FRESH_MS) return Promise.resolve(recording.on);
  readingRecording ??= (async () => {
    const checkedAt = Date.now();
    const on = await isRecordingPagesViewed();
    recording = { on, checkedAt };
    return on;
  })().finally(() => {
    readingRecording = null;
  });
  return readingRecording;
}

async function updateRecordingPagesViewed(on: boolean): Promise<boolean> {
  recording = null;
  if (on) await SettingModel.deleteOne({ key: RECORD_PAGES_VIEWED_KEY });
  else await SettingModel.updateOne({ key: RECORD_PAGES_VIEWED_KEY }, { $set: { value: "false" } }, { upsert: true });
  return on;
}

// docs/behaviour.md#leads: only a value other than the default is stored.
const LEAD_WAIT_HOURS_KEY = "leadWaitHours";

const isLeadWaitHours = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= LEAD_WAIT_HOURS.min && (value as number) <= LEAD_WAIT_HOURS.max;

export async function getLeadWaitHours(): Promise<number> {
  const stored = Number((await SettingModel.findOne({ key: LEAD_WAIT_HOURS_KEY }).lean())?.value);
  return isLeadWaitHours(stored) ? stored : LEAD_WAIT_HOURS.default;
}

async function updateLeadWaitHours(hours: number): Promise<number> {
  if (hours === LEAD_WAIT_HOURS.default) await SettingModel.deleteOne({ key: LEAD_WAIT_HOURS_KEY });
  else await SettingModel.updateOne({ key: LEAD_WAIT_HOURS_KEY }, { $set: { value: String(hours) } }, { upsert: true });
  return hours;
}

// docs/behaviour.md#time-zone: only a zone other than UTC is stored.
const TIME_ZONE_KEY = "timeZone";

/** The studio's IANA time zone, which every time in the dashboard is shown in; a stored name the runtime no longer knows reads as UTC. */
export async function getTimeZone(): Promise<string> {
  const stored = (await SettingModel.findOne({ key: TIME_ZONE_KEY }).lean())?.value;
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

async function updateTimeZone(zone: string): Promise<string> {
  if (zone === DEFAULT_TIME_ZONE) await SettingModel.deleteOne({ key: TIME_ZONE_KEY });
  else await SettingModel.updateOne({ key: TIME_ZONE_KEY }, { $set: { value: zone } }, { upsert: true });
  return zone;
}

export async function getNotificationRecipients(): Promise<string[]> {
  const docs = await SettingModel.find({ key: { $in: ["contactEmail", NOTIFICATION_EMAILS_KEY] } }).lean();
  const stored = (key: string) => docs.find((doc) => doc.key === key)?.value;
  return unique([stored("contactEmail") ?? DEFAULT_SETTINGS.contactEmail, ...splitAddresses(stored(NOTIFICATION_EMAILS_KEY))]);
}

export function formatNotificationEmails(addresses: string[]): string {
  return addresses.join("\n");
}

function splitAddresses(value: string | undefined): string[] {
  return unique((value ?? "").split(/[\s,;]+/));
}

function unique(addresses: string[]): string[] {
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
}

// docs/behaviour.md#optional-contact-fields: one setting, JSON; none stored is all off.
const CONTACT_FIELDS_KEY = "contactFields";

/** A stored or restored value read field by field: anything unreadable is off. */
function contactFieldsOf(value: unknown): ContactFields {
  if (typeof value !== "object" || value === null) return { ...NO_CONTACT_FIELDS };
  const stored = value as Record<string, unknown>;
  const on = (key: string) => stored[key] === true;
  const budgetRanges = Array.isArray(stored.budgetRanges)
    ? stored.budgetRanges.filter((range): range is string => typeof range === "string")
    : [];
  return {
    company: on("company"),
    budget: on("budget") && budgetRanges.length > 0,
    budgetRanges,
    timeline: on("timeline"),
    phone: on("phone"),
  };
}

function parseContactFields(value: string | undefined): ContactFields {
  try {
    return contactFieldsOf(value ? JSON.parse(value) : null);
  } catch {
    return { ...NO_CONTACT_FIELDS };
  }
}

export async function getContactFields(): Promise<ContactFields> {
  return parseContactFields((await SettingModel.findOne({ key: CONTACT_FIELDS_KEY }).lean())?.value);
}

async function updateContactFields(fields: ContactFields): Promise<ContactFields> {
  const checked = contactFieldsOf(fields);
  const none = !checked.company && !checked.budget && !checked.timeline && !checked.phone && checked.budgetRanges.length === 0;
  if (none) await SettingModel.deleteOne({ key: CONTACT_FIELDS_KEY });
  else await SettingModel.updateOne({ key: CONTACT_FIELDS_KEY }, { $set: { value: JSON.stringify(checked) } }, { upsert: true });
  return checked;
}

/** Each part the form left out (undefined) keeps its stored value. */
function changeContactFields(before: ContactFields, changes: { [K in keyof ContactFields]?: ContactFields[K] }): Promise<ContactFields> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return updateContactFields({ ...before, ...defined });
}

// docs/behaviour.md#autoresponder: one setting, JSON; none stored is off, with the default subject and text.
const AUTO_REPLY_KEY = "autoReply";

export type AutoReplySettings = { on: boolean; subject: string; text: string };

export const AUTO_REPLY_DEFAULTS = {
  subject: "Thank you for your message to {studio}",
  text: "Hello {name},\n\nThank you for writing to {studio}. We read every message and reply within one business day.\n\n{studio}",
} as const;

function autoReplyOf(value: unknown): AutoReplySettings {
  const stored = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const text = (key: "subject" | "text") => (typeof stored[key] === "string" && stored[key] ? stored[key] : AUTO_REPLY_DEFAULTS[key]);
  return { on: stored.on === true, subject: text("subject"), text: text("text") };
}

export async function getAutoReply(): Promise<AutoReplySettings> {
  const value = (await SettingModel.findOne({ key: AUTO_REPLY_KEY }).lean())?.value;
  try {
    return autoReplyOf(value ? JSON.parse(value) : null);
  } catch {
    return autoReplyOf(null);
  }
}

async function updateAutoReply(settings: AutoReplySettings): Promise<AutoReplySettings> {
  const checked = autoReplyOf(settings);
  const isDefault = !checked.on && checked.subject === AUTO_REPLY_DEFAULTS.subject && checked.text === AUTO_REPLY_DEFAULTS.text;
  if (isDefault) await SettingModel.deleteOne({ key: AUTO_REPLY_KEY });
  else await SettingModel.updateOne({ key: AUTO_REPLY_KEY }, { $set: { value: JSON.stringify(checked) } }, { upsert: true });
  return checked;
}

/** What every public page needs, in one read: the contact details and the contact form's optional fields. */
export async function getPublicSettings(): Promise<{ settings: SiteSettings; contactFields: ContactFields }> {
  const docs = await SettingModel.find({ key: { $in: [...KEYS, CONTACT_FIELDS_KEY] } }).lean();
  const settings = { ...DEFAULT_SETTINGS };
  for (const doc of docs) {
    if ((KEYS as string[]).includes(doc.key)) settings[doc.key as keyof SiteSettings] = doc.value;
  }
  return { settings, contactFields: parseContactFields(docs.find((doc) => doc.key === CONTACT_FIELDS_KEY)?.value) };
}
