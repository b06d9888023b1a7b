import { z } from "zod";
import { industrySlug } from "./catalogue";
import { INDUSTRY_NAME_MAX_LENGTH } from "./constants";
import { messages } from "./messages";
import { requiredText } from "./schemas";

// The industries screen's and API's input (docs/behaviour.md#services-and-industries); safe for the browser.

export const industryName = requiredText(messages.industryNameRequired)
  .max(INDUSTRY_NAME_MAX_LENGTH, messages.industryNameTooLong(INDUSTRY_NAME_MAX_LENGTH))
  .refine((name) => industrySlug(name) !== "", messages.industryNameInvalid);

export const industryInput = z.object({ name: industryName });

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
export type IndustryAction = z.infer<typeof industryAction>;

export const featuredMove = z.object({ id: idOf(messages.featuredNotFound), direction });
