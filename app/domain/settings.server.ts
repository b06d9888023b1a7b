import { site } from "~/content/site";
import { SettingModel } from "~/models/setting.server";
import { formatWhatsAppNumber } from "./format";
import { ok, type Result } from "./result";
import { fieldErrors, settingsInput } from "./schemas";

/** The shared settings the public site shows (docs/behaviour.md#settings), stored in MongoDB. */
export type SiteSettings = { whatsappNumber: string; contactEmail: string };

export const DEFAULT_SETTINGS: SiteSettings = {
  whatsappNumber: "+1 (555) 123-4567",
  contactEmail: site.email,
};

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof SiteSettings)[];

/** Every setting, stored values over defaults; one query. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const docs = await SettingModel.find({ key: { $in: KEYS } }).lean();
  const settings = { ...DEFAULT_SETTINGS };
  for (const doc of docs) {
    if ((KEYS as string[]).includes(doc.key)) settings[doc.key as keyof SiteSettings] = doc.value;
  }
  return settings;
}

/** Saves the settings form's values after checking them. */
export async function saveSiteSettings(raw: unknown): Promise<Result<SiteSettings>> {
  const parsed = settingsInput.safeParse(raw);
  if (!parsed.success) return { ok: false, ...fieldErrors(parsed.error) };
  return ok(await updateSiteSettings(parsed.data));
}

/** Saves settings; the WhatsApp number is stored formatted (docs/behaviour.md#validation). */
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
