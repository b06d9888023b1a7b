import { describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { adminInput, fieldErrors, loginInput } from "~/domain/schemas";
import { notificationEmailsInput, settingsFormInput } from "~/domain/settings-schema";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("loginInput", () => {
  it("lowercases and trims the email", () => {
    expect(loginInput.parse({ email: "  Ada@Example.COM ", password: "pw" })).toEqual({ email: "ada@example.com", password: "pw" });
  });

  it.each([{}, { email: "a@b.co" }, { password: "x" }, { email: " ", password: "x" }, { email: "a@b.co", password: "" }])(
    "asks for both fields when given %o",
    (input) => {
      expect(firstMessage(loginInput.safeParse(input))).toBe("Please enter both email and password");
    },
  );

  it("rejects operator objects instead of passing them to a query", () => {
    expect(loginInput.safeParse({ email: { $gt: "" }, password: "x" }).success).toBe(false);
  });
});

describe("adminInput", () => {
  const valid = { name: "Ada Lovelace", email: "Ada@Example.com", password: "correct horse" };

  it("accepts a valid admin and lowercases the email", () => {
    expect(adminInput.parse(valid)).toEqual({ ...valid, email: "ada@example.com" });
  });

  it.each(["name", "email", "password"] as const)("says 'Please fill in all fields' without the %s", (field) => {
    expect(firstMessage(adminInput.safeParse({ ...valid, [field]: "" }))).toBe(messages.fillInAllFields);
    expect(firstMessage(adminInput.safeParse({ ...valid, [field]: undefined }))).toBe(messages.fillInAllFields);
  });

  it("rejects a malformed email", () => {
    expect(firstMessage(adminInput.safeParse({ ...valid, email: "not-an-email" }))).toBe(messages.invalidEmail);
  });

  it("rejects a password under 8 characters", () => {
    expect(firstMessage(adminInput.safeParse({ ...valid, password: "1234567" }))).toBe(messages.passwordTooShort);
    expect(adminInput.safeParse({ ...valid, password: "12345678" }).success).toBe(true);
  });

  it("rejects a password over 72 bytes, counting bytes rather than characters", () => {
    expect(adminInput.safeParse({ ...valid, password: "a".repeat(72) }).success).toBe(true);
    expect(firstMessage(adminInput.safeParse({ ...valid, password: "a".repeat(73) }))).toBe(messages.passwordTooLong);
    // 25 three-byte characters: 25 characters, 75 bytes.
    expect(firstMessage(adminInput.safeParse({ ...valid, password: "€".repeat(25) }))).toBe(messages.passwordTooLong);
  });
});

describe("fieldErrors", () => {
  it("groups messages by field in the API's shape", () => {
    const result = adminInput.safeParse({ name: "", email: "bad", password: "short" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      message: messages.fillInAllFields,
      errors: { name: [messages.fillInAllFields], email: [messages.invalidEmail], password: [messages.passwordTooShort] },
    });
  });
});

describe("notificationEmailsInput", () => {
  it("splits a text field on commas, semicolons, spaces and line breaks; lowercases and keeps each address once", () => {
    expect(
      notificationEmailsInput.parse(" Ops@Studio.example, sales@studio.example;\r\nOPS@studio.example\n\nceo@studio.example "),
    ).toEqual(["ops@studio.example", "sales@studio.example", "ceo@studio.example"]);
    expect(notificationEmailsInput.parse(["a@studio.example", "b@studio.example, c@studio.example"])).toEqual([
      "a@studio.example",
      "b@studio.example",
      "c@studio.example",
    ]);
  });

  it("takes blank or missing as none", () => {
    expect(notificationEmailsInput.parse("")).toEqual([]);
    expect(notificationEmailsInput.parse(" \n, ")).toEqual([]);
    expect(notificationEmailsInput.parse(undefined)).toEqual([]);
  });

  it("names each address that is not one", () => {
    const result = notificationEmailsInput.safeParse("ok@studio.example, nope, also@bad");
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.message)).toEqual([
      messages.notificationEmailInvalid("nope"),
      messages.notificationEmailInvalid("also@bad"),
    ]);
  });

  it("accepts at most 10 different addresses", () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@studio.example`);
    expect(notificationEmailsInput.parse(addresses(10).join("\n"))).toHaveLength(10);
    // The same address twice counts once.
    expect(notificationEmailsInput.parse([...addresses(10), "PERSON0@studio.example"].join(","))).toHaveLength(10);
    expect(firstMessage(notificationEmailsInput.safeParse(addresses(11).join(",")))).toBe(messages.notificationEmailsTooMany(10));
  });

  it("refuses what is neither text nor a list of text", () => {
    expect(firstMessage(notificationEmailsInput.safeParse({ $ne: "" }))).toBe(messages.notificationEmailsUnreadable);
    expect(firstMessage(notificationEmailsInput.safeParse(["a@studio.example", 1]))).toBe(messages.notificationEmailsUnreadable);
  });

  it("saves the WhatsApp number laid out, and refuses one no one could dial", () => {
    const form = { contactEmail: "team@studio.example" };
    expect(settingsFormInput.parse({ ...form, whatsappNumber: "+44 20 7946 0018" }).whatsappNumber).toBe("+44 20 7946 0018");
    expect(settingsFormInput.parse({ ...form, whatsappNumber: "2015550123" }).whatsappNumber).toBe("+1 (201) 555-0123");
    expect(firstMessage(settingsFormInput.safeParse({ ...form, whatsappNumber: "12345" }))).toBe(messages.whatsappNumberUndialable);
  });

  it("keys its errors by the settings form's field name, beside the other fields' errors", () => {
    const result = settingsFormInput.safeParse({
      whatsappNumber: "call us",
      contactEmail: "team@studio.example",
      notificationEmails: "nope",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error).errors).toEqual({
      whatsappNumber: [messages.whatsappNumberRequired],
      notificationEmails: [messages.notificationEmailInvalid("nope")],
    });
  });
});
