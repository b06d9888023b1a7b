import { NO_CONTACT_FIELDS } from "~/domain/contact-schemas";
import { DEFAULT_SETTINGS, getPublicSettings } from "~/domain/settings.server";
import { isOutage, requireDb } from "./db.server";

type PublicSettings = Awaited<ReturnType<typeof getPublicSettings>>;

let lastRead: PublicSettings | null = null;

/** Requests (by their load context, which an action shares with the loaders after it) whose form the database refused. */
const refusedByDatabase = new WeakSet<object>();

/** Said by an action whose submission the database refused: the page after it renders without the database. */
export function renderWithoutDatabase(context: object): void {
  refusedByDatabase.add(context);
}

/**
 * The public settings the site's frame and contact form show. When the database refused a form
 * (docs/behaviour.md#nothing-lost), the page renders with the settings last read here, or the defaults, so that a
 * visitor without JavaScript gets back their typed message and the studio's address instead of an error page. Any
 * other page the database cannot answer says so: nothing stale is served where it could be cached.
 */
export async function frameSettingsFor(context: object): Promise<PublicSettings> {
  try {
    await requireDb();
    lastRead = await getPublicSettings();
    return lastRead;
  } catch (error) {
    if (!refusedByDatabase.has(context) || !isOutage(error)) throw error;
    return lastRead ?? { settings: { ...DEFAULT_SETTINGS }, contactFields: { ...NO_CONTACT_FIELDS } };
  }
}
