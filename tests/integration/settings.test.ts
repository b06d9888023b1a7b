import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/domain/messages";
import { dialableWhatsAppNumber } from "~/domain/phone";
import { fieldErrors } from "~/domain/schemas";
import { settingsFormInput } from "~/domain/settings-schema";
import {
  DEFAULT_SETTINGS,
  formatNotificationEmails,
  getNotificationEmails,
  getNotificationRecipients,
  getSiteSettings,
  saveSettings,
  updateSiteSettings,
} from "~/domain/settings.server";
import * as siteLayout from "~/routes/_site";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";
import { testOrigin } from "../support/origin";

beforeAll(async () => {
  await connectDb();
});

describe("site settings", () => {
  it("start from the defaults: a US-style formatted WhatsApp number and the studio's email", async () => {
    expect(DEFAULT_SETTINGS.whatsappNumber).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
    expect(dialableWhatsAppNumber(DEFAULT_SETTINGS.whatsappNumber)).toBe(DEFAULT_SETTINGS.whatsappNumber);
    expect(await getSiteSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("store the WhatsApp number formatted and reach the public layout", async () => {
    const saved = await updateSiteSettings({ whatsappNumber: "1 212 555 0199 ", contactEmail: "team@studio.example" });
    expect(saved).toEqual({ whatsappNumber: "+1 (212) 555-0199", contactEmail: "team@studio.example" });
    expect(await getSiteSettings()).toEqual(saved);

    const layout = await call(siteLayout.loader, get("/"));
    expect(layout.data).toMatchObject({ settings: saved });
  });

  it("change only what is given", async () => {
    await updateSiteSettings({ whatsappNumber: "+442079460018" });
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+44 20 7946 0018", contactEmail: "team@studio.example" });
  });
});

describe("notification recipients", () => {
  it("are the contact email alone until an admin adds addresses", async () => {
    expect(await getNotificationEmails()).toEqual([]);
    expect(await getNotificationRecipients()).toEqual([(await getSiteSettings()).contactEmail]);
  });

  it("add the saved addresses after the contact email, lowercase and each once, without showing them to the public site", async () => {
    await updateSiteSettings({ contactEmail: "Team@Studio.example" });
    const saved = await saveSettings(
      settingsFormInput.parse({
        ...(await getSiteSettings()),
        notificationEmails: "ops@studio.example\nSales@Studio.example, team@studio.example",
      }),
      { origin: testOrigin() },
    );
    expect(saved).toMatchObject({ notificationEmails: ["ops@studio.example", "sales@studio.example", "team@studio.example"] });
    expect(await getNotificationEmails()).toEqual(["ops@studio.example", "sales@studio.example", "team@studio.example"]);
    expect(await getNotificationRecipients()).toEqual(["team@studio.example", "ops@studio.example", "sales@studio.example"]);
    expect(formatNotificationEmails(await getNotificationEmails())).toBe("ops@studio.example\nsales@studio.example\nteam@studio.example");

    const layout = await call(siteLayout.loader, get("/"));
    expect(JSON.stringify(layout.data)).not.toContain("ops@studio.example");
  });

  it("refuse a bad list whole, keyed by the field, and keep the saved one", async () => {
    const refused = settingsFormInput.safeParse({ ...(await getSiteSettings()), notificationEmails: "new@studio.example, not-an-address" });
    expect(refused.success).toBe(false);
    if (!refused.success)
      expect(fieldErrors(refused.error).errors).toEqual({ notificationEmails: [messages.notificationEmailInvalid("not-an-address")] });
    expect(await getNotificationEmails()).toEqual(["ops@studio.example", "sales@studio.example", "team@studio.example"]);
  });

  it("are cleared by an empty field", async () => {
    expect(
      await saveSettings(settingsFormInput.parse({ ...(await getSiteSettings()), notificationEmails: "  " }), { origin: testOrigin() }),
    ).toMatchObject({
      notificationEmails: [],
    });
    expect(await getNotificationRecipients()).toEqual(["team@studio.example"]);
  });
});
