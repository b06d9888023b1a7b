import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, getSiteSettings, updateSiteSettings } from "~/domain/settings.server";
import * as siteLayout from "~/routes/_site";
import { connectDb } from "~/server/db.server";
import { call, get } from "../support/remix";

beforeAll(async () => {
  await connectDb();
});

describe("site settings", () => {
  it("start from the defaults: a US-style formatted WhatsApp number and the studio's email", async () => {
    expect(DEFAULT_SETTINGS.whatsappNumber).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
    expect(await getSiteSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("store the WhatsApp number formatted and reach the public layout", async () => {
    const saved = await updateSiteSettings({ whatsappNumber: "1 212 555 0199 ", contactEmail: "team@studio.example" });
    expect(saved).toEqual({ whatsappNumber: "+1 (212) 555-0199", contactEmail: "team@studio.example" });
    expect(await getSiteSettings()).toEqual(saved);

    const layout = await call(siteLayout.loader, get("/"));
    expect(layout.data).toEqual({ settings: saved });
  });

  it("change only what is given", async () => {
    await updateSiteSettings({ whatsappNumber: "15550001111" });
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+1 (555) 000-1111", contactEmail: "team@studio.example" });
  });
});
