import { messages } from "~/domain/messages";
import { json, message } from "~/server/openapi.server";

// What the api.keys* routes share (docs/api.md#api-keys).

/** Their 403: a role without keys:write, any API key, or an admin who must set up two-factor sign-in first. */
export const keysForbidden = () => ({
  403: {
    description: `'${messages.apiForbidden("keys:write")}' for a role without it and for every API key; or '${messages.apiTwoFactorSetupRequired}'`,
    content: json(message(messages.apiForbidden("keys:write"), messages.apiTwoFactorSetupRequired)),
  },
});
