import { beforeAll, describe, expect, it } from "vitest";
import { createContactMessage, getContactMessage } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { AUTO_REPLY_DEFAULTS, getNotificationEmails, getNotificationRecipients, getSiteSettings } from "~/domain/settings.server";
import { socialChannels } from "~/domain/social-channels";
import * as dashboard from "~/routes/dashboard";
import * as analytics from "~/routes/dashboard.analytics";
import * as inbox from "~/routes/dashboard.messages";
import * as confirmDelete from "~/routes/dashboard.messages_.$id.delete";
import * as settings from "~/routes/dashboard.settings";
import { connectDb } from "~/server/db.server";
import { refusal, sentByScript } from "../support/form-replies";
import { call, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

let cookie: string;

beforeAll(async () => {
  await connectDb();
  ({ cookie } = await signedInAdmin());
});

async function message(name: string) {
  return createContactMessage(
    { name, email: `${name.toLowerCase()}@example.com`, message: `Hello from ${name}` },
    { newMessage: async () => {} },
  );
}

describe("/dashboard/settings", () => {
  it("saves the WhatsApp number formatted and the contact email", async () => {
    const result = await call(
      settings.action,
      postForm("/dashboard/settings", { whatsappNumber: "1-212-555-0147", contactEmail: "Team@Studio.test" }, cookie),
    );
    expect(result.headers.get("Location")).toBe("/dashboard/settings");
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+1 (212) 555-0147", contactEmail: "team@studio.test" });
    expect((await call(settings.loader, get("/dashboard/settings", cookie))).data).toEqual({
      settings: await getSiteSettings(),
      notificationEmails: "",
      requireTwoFactor: false,
      recordPagesViewed: true,
      contactFields: { company: false, budget: false, budgetRanges: [], timeline: false, phone: false },
      leadWaitHours: 24,
      autoReply: { on: false, ...AUTO_REPLY_DEFAULTS },
      timeZone: "UTC",
      timeZones: expect.arrayContaining(["UTC", "Europe/Berlin"]),
      mailOn: false,
      // The first admin of the file's database is its Owner, who may change the two-factor switch.
      mayRequireTwoFactor: true,
    });
  });

  it("saves the extra notification addresses with them, lowercase and each once, and shows them one per line", async () => {
    const fields = { whatsappNumber: "12125550147", contactEmail: "team@studio.test" };
    const result = await call(
      settings.action,
      postForm("/dashboard/settings", { ...fields, notificationEmails: "Sales@Studio.test, ops@studio.test\nsales@studio.test" }, cookie),
    );
    expect(result.status).toBe(302);
    expect(await getNotificationEmails()).toEqual(["sales@studio.test", "ops@studio.test"]);
    expect(await getNotificationRecipients()).toEqual(["team@studio.test", "sales@studio.test", "ops@studio.test"]);
    expect((await call(settings.loader, get("/dashboard/settings", cookie))).data).toMatchObject({
      notificationEmails: "sales@studio.test\nops@studio.test",
    });

    // A client that does not send the field keeps the addresses.
    expect((await call(settings.action, postForm("/dashboard/settings", fields, cookie))).status).toBe(302);
    expect(await getNotificationEmails()).toEqual(["sales@studio.test", "ops@studio.test"]);
  });

  it("refuses a bad address, saving nothing of the form, and keeps what was typed", async () => {
    const typed = { whatsappNumber: "13035550100", contactEmail: "new@studio.test", notificationEmails: "ok@studio.test\nnot-an-address" };
    const result = await call(settings.action, postForm("/dashboard/settings", typed, cookie));
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({
      message: '"not-an-address" is not a valid email address',
      errors: { notificationEmails: ['"not-an-address" is not a valid email address'] },
      values: typed,
    });
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+1 (212) 555-0147", contactEmail: "team@studio.test" });
    expect(await getNotificationEmails()).toEqual(["sales@studio.test", "ops@studio.test"]);

    // And a bad contact email keeps a good list from being saved.
    const other = await call(
      settings.action,
      postForm("/dashboard/settings", { ...typed, contactEmail: "nope", notificationEmails: "ok@studio.test" }, cookie),
    );
    expect(other.status).toBe(422);
    expect(await getNotificationEmails()).toEqual(["sales@studio.test", "ops@studio.test"]);
  });

  it("refuses more than 10 addresses", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `person${i}@studio.test`).join("\n");
    const result = await call(
      settings.action,
      postForm(
        "/dashboard/settings",
        { whatsappNumber: "12125550147", contactEmail: "team@studio.test", notificationEmails: eleven },
        cookie,
      ),
    );
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({ errors: { notificationEmails: ["Please enter at most 10 email addresses"] } });
  });

  it("clears the extra addresses when the field is emptied", async () => {
    const result = await call(
      settings.action,
      postForm("/dashboard/settings", { whatsappNumber: "12125550147", contactEmail: "team@studio.test", notificationEmails: " " }, cookie),
    );
    expect(result.status).toBe(302);
    expect(await getNotificationEmails()).toEqual([]);
    expect(await getNotificationRecipients()).toEqual(["team@studio.test"]);
  });

  it("refuses a bad email and keeps what was typed", async () => {
    const result = await call(
      settings.action,
      postForm("/dashboard/settings", { whatsappNumber: "12125550147", contactEmail: "nope" }, cookie),
    );
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({
      message: "Please enter a valid email address",
      values: { whatsappNumber: "12125550147", contactEmail: "nope" },
    });
    expect((await getSiteSettings()).contactEmail).toBe("team@studio.test");
  });

  it("formats a number given in any shape, and asks again only for one with no digit at all or an empty email", async () => {
    const messy = await call(
      settings.action,
      postForm("/dashboard/settings", { whatsappNumber: "tel. 1 (212) 555 0148 x", contactEmail: "team@studio.test" }, cookie),
    );
    expect(messy.status).toBe(302);
    expect((await getSiteSettings()).whatsappNumber).toBe("+1 (212) 555-0148");

    const result = await call(settings.action, postForm("/dashboard/settings", { whatsappNumber: "call us", contactEmail: "" }, cookie));
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({
      errors: { whatsappNumber: ["Please enter a WhatsApp number"], contactEmail: ["Please enter a contact email"] },
      values: { whatsappNumber: "call us" },
    });
    expect(await getSiteSettings()).toEqual({ whatsappNumber: "+1 (212) 555-0148", contactEmail: "team@studio.test" });
  });

  it("saves another country's number in international form, and the public links use its digits", async () => {
    const result = await call(
      settings.action,
      postForm("/dashboard/settings", { whatsappNumber: "+44 20-7946.0018", contactEmail: "team@studio.test" }, cookie),
    );
    expect(result.status).toBe(302);
    expect((await getSiteSettings()).whatsappNumber).toBe("+44 20 7946 0018");
    const whatsapp = socialChannels([], await getSiteSettings()).find((channel) => channel.id === "whatsapp");
    expect(whatsapp).toMatchObject({ url: "https://wa.me/442079460018", displayNumber: "+44 20 7946 0018" });
  });

  it.each(["12345", "+1 (555) 123-4567", "+44 20 7946 001"])(
    "refuses %s, which no one could dial: nothing saved, what was typed kept",
    async (typed) => {
      const before = await getSiteSettings();
      const result = await call(
        settings.action,
        postForm("/dashboard/settings", { whatsappNumber: typed, contactEmail: "changed@studio.test" }, cookie),
      );
      expect(result.status).toBe(422);
      expect(refusal(result.data)).toMatchObject({
        errors: { whatsappNumber: [messages.whatsappNumberUndialable] },
        values: { whatsappNumber: typed, contactEmail: "changed@studio.test" },
      });
      expect(await getSiteSettings()).toEqual(before);
    },
  );

  it("is guarded", async () => {
    expect((await call(settings.action, postForm("/dashboard/settings", { whatsappNumber: "1", contactEmail: "a@b.co" }))).status).toBe(
      302,
    );
  });
});

describe("/dashboard/messages", () => {
  it("lists messages newest first, marks them read and unread, and counts the unread in the sidebar", async () => {
    const first = await message("Ada");
    const second = await message("Grace");
    const list = await call(inbox.loader, get("/dashboard/messages", cookie));
    const items = (list.data as { inbox: { items: { id: string; read: boolean }[] } }).inbox.items;
    expect(items.slice(0, 2).map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items.every((item) => item.read === false)).toBe(true);
    expect((await call(dashboard.loader, get("/dashboard", cookie))).data).toMatchObject({ unread: 2 });

    await call(inbox.action, postForm("/dashboard/messages", { intent: "read", id: first.id }, cookie));
    expect((await getContactMessage(first.id))?.read).toBe(true);
    expect((await call(dashboard.loader, get("/dashboard", cookie))).data).toMatchObject({ unread: 1 });
    await call(inbox.action, postForm("/dashboard/messages", { intent: "unread", id: first.id }, cookie));
    expect((await getContactMessage(first.id))?.read).toBe(false);
  });

  it("hands each message's source to the Source block, and null where none was recorded", async () => {
    const source = {
      landing_page: "/?utm_source=x",
      referrer: "news.example.org",
      utm: { source: "newsletter" },
      pages: [{ path: "/case-studies/one", at: "2026-11-28T10:00:00.000Z" }],
    };
    const withSource = await createContactMessage(
      { name: "Margaret", email: "margaret@example.com", message: "From the newsletter" },
      { newMessage: async () => {} },
      source,
    );
    const without = await message("Barbara");
    const list = await call(inbox.loader, get("/dashboard/messages", cookie));
    const items = (list.data as { inbox: { items: { id: string; source: unknown }[] } }).inbox.items;
    expect(items.find((item) => item.id === withSource.id)?.source).toEqual(source);
    expect(items.find((item) => item.id === without.id)?.source).toBeNull();
  });

  it("deletes a message, directly (JavaScript) or through the confirmation page", async () => {
    const one = await message("Linus");
    const two = await message("Margaret");
    const scripted = await call(confirmDelete.action, sentByScript(postForm(`/dashboard/messages/${one.id}/delete`, {}, cookie)), {
      id: one.id,
    });
    expect(scripted.status).toBe(200);
    expect(scripted.data).toEqual({ ok: true });
    expect(await getContactMessage(one.id)).toBeNull();
    const page = await call(confirmDelete.loader, get(`/dashboard/messages/${two.id}/delete`, cookie), { id: two.id });
    expect(page.data).toMatchObject({ message: { name: "Margaret" } });
    const done = await call(confirmDelete.action, postForm(`/dashboard/messages/${two.id}/delete`, {}, cookie), { id: two.id });
    expect(done.headers.get("Location")).toBe("/dashboard/messages");
    expect(await getContactMessage(two.id)).toBeNull();
  });

  it("answers 404 for an unknown message", async () => {
    const unknown = "64b7f0000000000000000000";
    expect(
      (await call(confirmDelete.action, sentByScript(postForm(`/dashboard/messages/${unknown}/delete`, {}, cookie)), { id: unknown }))
        .status,
    ).toBe(404);
    const posted = await call(confirmDelete.action, postForm(`/dashboard/messages/${unknown}/delete`, {}, cookie), { id: unknown });
    expect(posted.headers.get("Location")).toBe("/dashboard/messages");
    expect((await call(inbox.action, postForm("/dashboard/messages", { intent: "read", id: "bad" }, cookie))).status).toBe(404);
  });
});

describe("/dashboard/analytics", () => {
  it("shows the product's own figures to a signed-in admin only", async () => {
    expect((await call(analytics.loader, get("/dashboard/analytics"))).status).toBe(302);
    const result = await call(analytics.loader, get("/dashboard/analytics", cookie));
    expect(result.data).toMatchObject({ analytics: { admins: 1, caseStudies: { total: 0 }, messages: { perDay: expect.any(Array) } } });
  });
});
