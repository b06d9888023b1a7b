import { requiredText } from "./field-rules";
import { messages } from "./messages";
import { SCOPES, isScope, type Scope } from "./permissions";
import { z } from "./zod-openapi";

// A new API key (docs/api.md#api-keys): the keys page's form and POST /api/keys parse with this.

export const API_KEY_NAME_MAX_LENGTH = 100;

/** `YYYY-MM-DD`: a key with an expiry works until the end of that day (UTC). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first moment a key expiring on `day` no longer works. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3_600_000);

const today = () => new Date().toISOString().slice(0, 10);

/** The keys page sends one field per ticked box; a form-encoded call of the API may send them in one, separated by commas or spaces. */
const asList = (value: unknown) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value);

export const apiKeyInput = z.object({
  name: requiredText(messages.apiKeyNameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, messages.apiKeyNameTooLong(API_KEY_NAME_MAX_LENGTH))
    .openapi({ description: "What the key is for, as the list shows it." }),
  scopes: z
    .preprocess(
      asList,
      z
        .array(z.string({ invalid_type_error: messages.apiKeyScopeUnknown }), {
          required_error: messages.apiKeyScopesRequired,
          invalid_type_error: messages.apiKeyScopesRequired,
        })
        .min(1, messages.apiKeyScopesRequired)
        .refine((scopes) => scopes.every(isScope), messages.apiKeyScopeUnknown)
        .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope)) as Scope[]),
    )
    .openapi({
      type: "array",
      items: { type: "string", enum: [...SCOPES] },
      minItems: 1,
      description: "What the key may do; at least one.",
    }),
  expires_at: z
    .string({ invalid_type_error: messages.apiKeyExpiryInvalid })
    .trim()
    .optional()
    .transform((day) => day || undefined)
    .refine((day) => day === undefined || (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))), messages.apiKeyExpiryInvalid)
    .refine((day) => day === undefined || !DAY.test(day) || day >= today(), messages.apiKeyExpiryPast)
    .openapi({
      type: "string",
      format: "date",
      description: "The last day (UTC) the key works; without it, the key works until revoked.",
    }),
});

export type ApiKeyInput = z.infer<typeof apiKeyInput>;
