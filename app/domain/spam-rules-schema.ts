import { z } from "zod";
import { messages } from "./messages";
import { SPAM_MAX_LINKS_LIMIT, SPAM_WORD_MAX_LENGTH, SPAM_WORDS_MAX, spamWordList } from "./spam";

/** The Spam rules form (docs/behaviour.md#spam): a whole number of links, and words one a line. */
export const spamRulesInput = z.object({
  maxLinks: z
    .string({ required_error: messages.spamMaxLinksInvalid(SPAM_MAX_LINKS_LIMIT) })
    .trim()
    .regex(/^\d{1,3}$/, messages.spamMaxLinksInvalid(SPAM_MAX_LINKS_LIMIT))
    .transform(Number)
    .refine((count) => count <= SPAM_MAX_LINKS_LIMIT, messages.spamMaxLinksInvalid(SPAM_MAX_LINKS_LIMIT)),
  words: z
    .string()
    .optional()
    .transform((text) => spamWordList(text ?? ""))
    .refine((words) => words.length <= SPAM_WORDS_MAX, messages.spamWordsTooMany(SPAM_WORDS_MAX))
    .refine((words) => words.every((word) => word.length <= SPAM_WORD_MAX_LENGTH), messages.spamWordTooLong(SPAM_WORD_MAX_LENGTH)),
});
