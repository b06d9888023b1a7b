import type { LeadFilter } from "~/domain/contact-messages.server";
import { OWNER_ME, OWNER_NONE, readLeadListFilters } from "~/domain/lead-schemas";
import { messages } from "~/domain/messages";
import type { ApiAuth } from "~/server/api/api-auth.server";
import { ApiError } from "~/server/api/responses.server";

// What the api.leads* routes share (docs/api.md#leads).

export const leadNotFound = () => new ApiError(404, messages.apiLeadNotFound);

const startOf = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);

/**
 * `?status=&owner=&q=&from=&to=` as the inbox's filter; 422 with the message under its name otherwise, and for
 * `owner=me` through an API key, which is no admin.
 */
export function leadFilterOf(url: URL, { admin, key }: Pick<ApiAuth, "admin" | "key">): LeadFilter {
  const read = readLeadListFilters(url.searchParams);
  if (!read.ok) throw new ApiError(422, Object.values(read.errors).flat()[0]!, read.errors);
  const { status, owner, q, from, to } = read.value;
  if (key && owner === OWNER_ME) throw new ApiError(422, messages.apiKeyHasNoMe, { owner: [messages.apiKeyHasNoMe] });
  return {
    tab: "all",
    status,
    owner: owner === undefined ? "anyone" : owner === OWNER_ME ? "mine" : owner === OWNER_NONE ? "nobody" : { admin: owner },
    adminId: admin.id,
    q,
    from: startOf(from),
    to: startOf(to),
  };
}
