import { z } from "zod";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from "./constants";
import { messages } from "./messages";

/**
 * One zod schema per input, shared by the form actions, the API and the scripts.
 * Safe for the browser: no server imports.
 */

/** A required text field: anything but a non-empty string after trimming fails with `message`. */
const requiredText = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

export const loginInput = z.object({
  email: requiredText(messages.loginMissingFields).pipe(z.string().toLowerCase()),
  password: z
    .string({ required_error: messages.loginMissingFields, invalid_type_error: messages.loginMissingFields })
    .min(1, messages.loginMissingFields),
});
export type LoginInput = z.infer<typeof loginInput>;

export const passwordRule = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, messages.passwordTooLong);

export const adminInput = z.object({
  name: requiredText(messages.fillInAllFields).pipe(z.string().max(100, "The name must be at most 100 characters long")),
  email: requiredText(messages.fillInAllFields).pipe(
    z.string().toLowerCase().email(messages.invalidEmail).max(254, messages.invalidEmail),
  ),
  password: z
    .string({ required_error: messages.fillInAllFields, invalid_type_error: messages.fillInAllFields })
    .min(1, messages.fillInAllFields)
    .pipe(passwordRule),
});
export type AdminInput = z.infer<typeof adminInput>;

/** Field errors in the API's shape `{ field: [messages] }`, and the first message overall. */
export function fieldErrors(error: z.ZodError): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    (errors[field] ??= []).includes(issue.message) || errors[field].push(issue.message);
  }
  return { message: error.issues[0]?.message ?? "The given data was invalid.", errors };
}
