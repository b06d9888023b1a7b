import { describe, expect, it } from "vitest";
import { apiKeyInput, endOfDay } from "~/domain/api-key-schemas";
import { messages } from "~/domain/messages";
import { SCOPES } from "~/domain/permissions";
import { STORED_SCOPES } from "~/models/api-key.server";

describe("a new API key's input", () => {
  it("names the same scopes as the model stores", () => {
    expect([...STORED_SCOPES]).toEqual([...SCOPES]);
  });

  it("keeps each scope once, in the table's order; a form's one field of scopes splits on commas and spaces", () => {
    expect(apiKeyInput.parse({ name: " CRM ", scopes: ["leads:write", "case_studies:read", "leads:write"] })).toEqual({
      name: "CRM",
      scopes: ["case_studies:read", "leads:write"],
      expires_at: undefined,
    });
    expect(apiKeyInput.parse({ name: "CRM", scopes: "leads:read, audit:read" }).scopes).toEqual(["leads:read", "audit:read"]);
  });

  it("takes an expiry day from today on, which ends at the end of that UTC day", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(apiKeyInput.parse({ name: "A", scopes: ["leads:read"], expires_at: today }).expires_at).toBe(today);
    expect(endOfDay("2027-01-31").toISOString()).toBe("2027-02-01T00:00:00.000Z");
    const refused = apiKeyInput.safeParse({ name: "A", scopes: ["leads:read"], expires_at: "2027-02-30x" });
    expect(refused.success || refused.error.flatten().fieldErrors.expires_at).toEqual([messages.apiKeyExpiryInvalid]);
  });
});
