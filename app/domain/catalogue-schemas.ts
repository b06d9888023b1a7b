import { z } from "zod";
import { industrySlug } from "./shared";
import { INDUSTRY_NAME_MAX_LENGTH } from "./constants";
import { messages } from "./messages";
import { requiredText } from "./field-rules";

// The industries screen's and API's input (docs/behaviour.md#services-and-industries); safe for the browser.

const industryName = requiredText(messages.industryNameRequired)
  .max(INDUSTRY_NAME_MAX_LENGTH, messages.industryNameTooLong(INDUSTRY_NAME_MAX_LENGTH))
  .refine((name) => industrySlug(name) !== "", messages.industryNameInvalid);

export const industryInput = z.object({ name: industryName });

const position = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ invalid_type_error: messages.industryPositionInvalid })
    .int(messages.industryPositionInvalid)
    .min(1, messages.industryPositionInvalid)
    .max(10_000, messages.industryPositionInvalid),
);

/** The API's PATCH: a new name, a new place, or both. */
export const industryChanges = z
  .object({ name: industryName.optional(), position: position.optional() })
  .refine((input) => input.name !== undefined || input.position !== undefined, messages.industryChangesEmpty);

const direction = z.enum(["up", "down"], { errorMap: () => ({ message: messages.industryIntentInvalid }) });
const idOf = (missing: string) => z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing);
const id = idOf(messages.industryNotFound);

/** One form per action on the screen, told apart by `intent`. */
export const industryAction = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), name: industryName }),
    z.object({ intent: z.literal("rename"), id, name: industryName }),
    z.object({ intent: z.literal("move"), id, direction }),
    z.object({ intent: z.literal("remove"), id }),
  ],
  { errorMap: () => ({ message: messages.industryIntentInvalid }) },
);

export const featuredMove = z.object({ id: idOf(messages.featuredNotFound), direction });
