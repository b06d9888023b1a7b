import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { getContactFields } from "~/domain/settings.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import { SettingModel } from "~/models/setting.server";
import * as site from "~/routes/_site";
import * as lead from "~/routes/dashboard.messages_.$id._index";
import * as settings from "~/routes/dashboard.settings";
import { connectDb } from "~/server/db.server";
import { contactPerson as person, postContact as send } from "../support/contact-posts";
import { refusal } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

// docs/behaviour.md#optional-contact-fields

const ALL_OFF = { company: false, budget: false, budgetRanges: [], timeline: false, phone: false };
const BASE = { whatsappNumber: "12125550147", contactEmail: "team@studio.test" };
const ALL_ON = {
  ...BASE,
  askCompany: "true",
  askBudget: "true",
  budgetRanges: "Under $10k\n\n$10k–$50k\nOver $50k\n",
  askTimeline: "true",
  askPhone: "true",
};

let cookie: string;

const saveSettings = (fields: Record<string, string>) => call(settings.action, postForm("/dashboard/settings", fields, cookie));
const storedFields = async () => (await ContactMessageModel.findOne().lean())?.fields;

beforeAll(async () => {
  await connectDb();
  await ContactMessageModel.init();
  ({ cookie } = await signedInAdmin());
});
beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
  await SettingModel.deleteMany({ key: "contactFields" });
});

describe("the optional fields off (the default)", () => {
  it("every public page gets them all off, and the extra fields a client sends are not kept", async () => {
    expect(((await call(site.loader, get("/"))).data as { contactFields: unknown }).contactFields).toEqual(ALL_OFF);
    const sent = await send({ company: "Acme", budget: "a lot", timeline: "soon", phone: "+44 20 7946 0018" });
    expect(sent.status).toBe(200);
    expect(await storedFields()).toBeUndefined();
    const id = (sent.data as { id: string }).id;
    expect((await getContactMessage(id))?.fields).toEqual({});
  });
});

describe("the optional fields on", () => {
  beforeEach(async () => {
    expect((await saveSettings(ALL_ON)).status).toBe(302);
  });

  it("Settings keeps them, one budget range a line, and every public page is given them", async () => {
    const expected = { company: true, budget: true, budgetRanges: ["Under $10k", "$10k–$50k", "Over $50k"], timeline: true, phone: true };
    expect(await getContactFields()).toEqual(expected);
    expect(((await call(settings.loader, get("/dashboard/settings", cookie))).data as { contactFields: unknown }).contactFields).toEqual(
      expected,
    );
    expect(((await call(site.loader, get("/"))).data as { contactFields: unknown }).contactFields).toEqual(expected);
    // Turned off again (the boxes unticked: only their hidden "false" is sent), the ranges are kept for next time.
    await saveSettings({
      ...BASE,
      askCompany: "false",
      askBudget: "false",
      askTimeline: "false",
      askPhone: "false",
      budgetRanges: "Under $10k",
    });
    expect(await getContactFields()).toEqual({ ...ALL_OFF, budgetRanges: ["Under $10k"] });
  });

  it("asking for a budget with no range is refused with a clear message, and nothing is saved", async () => {
    await SettingModel.deleteMany({ key: "contactFields" });
    const refused = await saveSettings({ ...BASE, askBudget: "true", budgetRanges: " \n " });
    expect(refused.status).toBe(422);
    expect(refusal(refused.data).errors.budgetRanges).toEqual([messages.budgetRangesRequired]);
    expect(await getContactFields()).toEqual(ALL_OFF);
  });

  it("stores what the visitor filled in, the phone laid out; blank ones are left out", async () => {
    const sent = await send({ company: " Acme Ltd ", budget: "$10k–$50k", timeline: "", phone: "+442079460018" });
    expect(sent.status).toBe(200);
    expect(await storedFields()).toEqual({ company: "Acme Ltd", budget: "$10k–$50k", phone: "+44 20 7946 0018" });

    const id = (sent.data as { id: string }).id;
    const page = await call(lead.loader, get(`/dashboard/messages/${id}`, cookie), { id });
    expect((page.data as { lead: { fields: unknown } }).lead.fields).toEqual({
      company: "Acme Ltd",
      budget: "$10k–$50k",
      phone: "+44 20 7946 0018",
    });
  });

  it("refuses a budget not in the list, a phone no one can dial, a long company or timeline, each with its message, keeping what was typed", async () => {
    const typed = { company: "A".repeat(101), budget: "A million", timeline: "T".repeat(101), phone: "+1 555" };
    const refused = await send(typed, { script: false });
    expect(refused.status).toBe(422);
    const { errors, values } = refusal(refused.data);
    expect(errors).toEqual({
      company: [messages.contactCompanyTooLong],
      budget: [messages.contactBudgetUnknown],
      timeline: [messages.contactTimelineTooLong],
      phone: [messages.contactPhoneInvalid],
    });
    expect(values).toMatchObject({ ...person, ...typed });
    expect(await ContactMessageModel.countDocuments()).toBe(0);
  });

  it("checks the phone with the phone rules: digits that look right but no country has are refused", async () => {
    const refused = await send({ phone: "+1 (999) 555-0100" });
    expect(refusal(refused.data).errors.phone).toEqual([messages.contactPhoneInvalid]);
  });
});
