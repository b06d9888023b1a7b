import { z } from "zod";
import { CONTACT_LIMITS } from "./constants";
import { requiredText } from "./field-rules";
import { messages } from "./messages";

/** The contact form's fields, checked the same in the browser and in the action. */
export const contactMessageInput = z.object({
  name: requiredText(messages.contactNameRequired).max(CONTACT_LIMITS.name, messages.contactNameTooLong),
  email: requiredText(messages.contactEmailRequired).pipe(
    z.string().email(messages.invalidEmail).max(CONTACT_LIMITS.email, messages.invalidEmail),
  ),
  message: requiredText(messages.contactMessageRequired).max(CONTACT_LIMITS.message, messages.contactMessageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;
