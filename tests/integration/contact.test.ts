import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countUnread, createContactMessage, deleteMessage, listContactMessages, markRead } from "~/domain/contact-messages.server";
import { messages } from "~/domain/messages";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as root from "~/root";
import * as captchaRoute from "~/routes/resources.captcha";
import * as contactRoute from "~/routes/_site.contact";
import { CAPTCHA_TTL_MS, createCaptcha } from "~/server/captcha.server";
import { connectDb } from "~/server/db.server";
import { randomAddress } from "../support/addresses";
import { testOrigin } from "../support/origin";
import { fetchMetadata, refusal } from "../support/form-replies";
import { call, cookiesFrom, get } from "../support/remix";
import { url } from "../support/factories";

type Challenge = { a: number; b: number; token: string };

const person = { name: "Grace Hopper", email: "grace@example.com", message: "We need a new booking app." };

/** Every test posts from its own address, so the per-address limits never leak between tests. */
let ip = "";
beforeEach(() => {
  ip = randomAddress();
});

/** Posts as the JavaScript form does (a fetch), or as a plain form post (a document navigation). */
function post(fields: Record<string, string>, from = ip, { script = true } = {}) {
  const request = new Request(url("/contact"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.1, ${from}`,
      ...(script ? fetchMetadata : { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" }),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return call(contactRoute.action, request);
}

/** A complete, correct submission. */
function submission(overrides: Record<string, string> = {}, captcha: Challenge = createCaptcha()) {
  return {
    ...person,
    captchaToken: captcha.token,
    captchaAnswer: String(captcha.a + captcha.b),
    website: "",
    ...overrides,
  };
}

/** The fields the form keeps, blank where nothing was typed. */
const kept = (values: Record<string, unknown> | undefined) => ({ name: "", email: "", message: "", ...values });

const stored = () => ContactMessageModel.countDocuments();

beforeAll(async () => {
  await connectDb();
  await ContactMessageModel.init();
});
beforeEach(async () => {
  await ContactMessageModel.deleteMany({});
});

/** A refusal: its status, a fresh question, and conform's reply read as the page does (message, errors, values). */
function expectFailure(result: { status: number; data: unknown }, status: number) {
  expect(result.status).toBe(status);
  const data = result.data as { ok: false; captcha: Challenge };
  expect(data.ok).toBe(false);
  // Every failure hands out a fresh question.
  expect(data.captcha).toMatchObject({ a: expect.any(Number), b: expect.any(Number), token: expect.any(String) });
  return { ...refusal(result.data), captcha: data.captcha };
}

describe("contact action: sending", () => {
  it("stores one message from the JavaScript form and answers with data and a new question", async () => {
    const captcha = createCaptcha();
    const result = await post(submission({}, captcha));
    expect(result.status).toBe(200);
    const data = result.data as { ok: true; id: string; captcha: Challenge };
    expect(data).toMatchObject({ ok: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(data.captcha.token).not.toBe(captcha.token);

    const docs = await ContactMessageModel.find().lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ ...person, read: false });
    expect(docs[0]!._id.toString()).toBe(data.id);
    expect(docs[0]!.created_at).toBeInstanceOf(Date);

    // The toast rides along as a cookie; the root loader shows it when the page revalidates.
    const page = await call(root.loader, get("/", cookiesFrom(result.headers)));
    expect((page.data as { toast: unknown }).toast).toMatchObject({ message: messages.contactSent, type: "success" });
  });

  it("answers a plain form post with a redirect to the top of /contact, past the form's fragment, and the success toast (Post/Redirect/Get)", async () => {
    const result = await post(submission(), ip, { script: false });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/contact#top");
    expect(await stored()).toBe(1);

    const page = await call(root.loader, get("/contact", cookiesFrom(result.headers)));
    expect((page.data as { toast: unknown }).toast).toMatchObject({ message: messages.contactSent, type: "success" });
  });

  it("trims the fields it stores", async () => {
    await post(submission({ name: "  Ada  ", email: " ada@example.com ", message: "\n Hello \n" }));
    expect(await ContactMessageModel.findOne().lean()).toMatchObject({ name: "Ada", email: "ada@example.com", message: "Hello" });
  });
});

describe("contact action: refusals store nothing", () => {
  it("a wrong answer: 422, the alert's message on the captcha field, the typed values back", async () => {
    const captcha = createCaptcha();
    const data = expectFailure(await post(submission({ captchaAnswer: String(captcha.a + captcha.b + 1) }, captcha)), 422);
    expect(data.errors).toEqual({ captchaAnswer: ["Incorrect math answer. Please try again."] });
    // What was typed comes back, never the answer, the used question or the honeypot.
    expect(data.values).toEqual(person);
    expect(data.captcha.token).not.toBe(captcha.token);
    expect(await stored()).toBe(0);
  });

  it("an empty answer: 422 asking for it", async () => {
    const data = expectFailure(await post(submission({ captchaAnswer: "" })), 422);
    expect(data.errors).toEqual({ captchaAnswer: [messages.captchaRequired] });
    expect(await stored()).toBe(0);
  });

  it("a sum sent without the server's token is not trusted", async () => {
    const data = expectFailure(await post(submission({ captchaToken: "", captchaAnswer: "7", a: "3", b: "4", sum: "7" })), 400);
    expect(data.errors).toEqual({ captchaAnswer: [messages.captchaInvalid] });
    expect(await stored()).toBe(0);
  });

  it("a tampered token (operands changed to match the answer): 400", async () => {
    const captcha = createCaptcha();
    const forged = captcha.token.replace(/^\d{1,2}\.\d{1,2}\./, captcha.a === 1 ? "2.1." : "1.1.");
    const answer = captcha.a === 1 ? "3" : "2";
    const data = expectFailure(await post(submission({ captchaToken: forged, captchaAnswer: answer })), 400);
    expect(data.errors.captchaAnswer).toEqual([messages.captchaInvalid]);
    expect(await stored()).toBe(0);
  });

  it("an expired token: 422 saying so", async () => {
    const stale = createCaptcha({ now: Date.now() - CAPTCHA_TTL_MS - 1_000 });
    const data = expectFailure(await post(submission({}, stale)), 422);
    expect(data.errors).toEqual({ captchaAnswer: [messages.captchaExpired] });
    expect(data.values).toEqual(person);
    expect(await stored()).toBe(0);
  });

  it("a reused token: the second post is refused and stores nothing more", async () => {
    const captcha = createCaptcha();
    expect((await post(submission({}, captcha))).status).toBe(200);
    const data = expectFailure(await post(submission({ message: "Again" }, captcha)), 400);
    expect(data.errors).toEqual({ captchaAnswer: [messages.captchaInvalid] });
    expect(await stored()).toBe(1);
  });

  it.each([
    ["name", { name: "" }, messages.contactNameRequired],
    ["name", { name: "   " }, messages.contactNameRequired],
    ["email", { email: "" }, messages.contactEmailRequired],
    ["email", { email: "not-an-email" }, messages.invalidEmail],
    ["message", { message: "" }, messages.contactMessageRequired],
    ["name", { name: "x".repeat(101) }, messages.contactNameTooLong],
    ["message", { message: "x".repeat(5_001) }, messages.contactMessageTooLong],
  ])("a bad %s (%o): 422 with the field's message", async (field, change, message) => {
    const data = expectFailure(await post(submission(change)), 422);
    expect(data.errors).toEqual({ [field]: [message] });
    expect(kept(data.values)).toMatchObject(change);
    expect(await stored()).toBe(0);
  });

  it("missing fields and a wrong answer together: every error at once", async () => {
    const captcha = createCaptcha();
    const result = await post({ captchaToken: captcha.token, captchaAnswer: String(captcha.a + captcha.b + 1) });
    const data = expectFailure(result, 422);
    expect(data.errors).toEqual({
      name: [messages.contactNameRequired],
      email: [messages.contactEmailRequired],
      message: [messages.contactMessageRequired],
      captchaAnswer: [messages.captchaWrong],
    });
    expect(kept(data.values)).toEqual({ name: "", email: "", message: "" });
    expect(await stored()).toBe(0);
  });

  it("a filled honeypot looks like a success to the bot, and is filed as spam (spam.test.ts)", async () => {
    const fetched = await post(submission({ website: "https://spam.example" }));
    expect(fetched.status).toBe(200);
    expect(fetched.data).toMatchObject({ ok: true, id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const posted = await post(submission({ website: "https://spam.example" }), ip, { script: false });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/contact#top");
    expect(await ContactMessageModel.countDocuments({ status: "spam", spam_reason: "honeypot" })).toBe(2);
    expect(await stored()).toBe(2);
  });

  it("a body that is not a form: 400, never a 500", async () => {
    const request = new Request(url("/contact"), {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope", "X-Forwarded-For": ip },
      body: "garbage",
    });
    const data = expectFailure(await call(contactRoute.action, request), 400);
    expect(data.message).toBe(messages.contactBadRequest);
    expect(data.errors).toEqual({});
    expect(await stored()).toBe(0);
  });
});

describe("contact action: rate limit", () => {
  it("takes 5 messages per address in 10 minutes, then answers 429 with Retry-After and stores nothing", async () => {
    for (let sent = 0; sent < 5; sent++) expect((await post(submission({ message: `Message ${sent}` }))).status).toBe(200);
    expect(await stored()).toBe(5);

    const result = await post(submission({ message: "One too many" }));
    const data = expectFailure(result, 429);
    expect(data.message).toBe("You have sent several messages in a short time. Please try again in 10 minutes.");
    expect(data.message).toBe(messages.contactRateLimited(10));
    expect(data.errors).toEqual({});
    expect(data.values?.message).toBe("One too many");
    expect(Number(result.headers.get("Retry-After"))).toBeGreaterThan(590);
    expect(await stored()).toBe(5);

    // Another address is not affected.
    expect((await post(submission(), `${ip}-other`)).status).toBe(200);
    expect(await stored()).toBe(6);
  });

  it("12 messages sent at once from one address: exactly 5 stored, the rest 429", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => post(submission({ message: `At once ${n}` }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(429)]);
    expect(await stored()).toBe(5);
  });

  it("does not count refused attempts as messages", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await post(submission({ captchaAnswer: "99" }))).status).toBe(422);
    }
    expect((await post(submission())).status).toBe(200);
  });

  it("limits any kind of attempt from one address at 30 per 10 minutes", async () => {
    for (let attempt = 0; attempt < 30; attempt++) await post(submission({ captchaAnswer: "99" }));
    const data = expectFailure(await post(submission()), 429);
    expect(data.message).toBe(messages.contactRateLimited(10));
    expect(await stored()).toBe(0);
  });
});

describe("/contact loader and /resources/captcha", () => {
  it("give a fresh signed question, never cached", async () => {
    const page = await call(contactRoute.loader, get("/contact"));
    const fromPage = (page.data as { captcha: Challenge }).captcha;
    expect(fromPage.a).toBeGreaterThanOrEqual(1);
    expect(fromPage.b).toBeLessThanOrEqual(10);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");

    const resource = await call(captchaRoute.loader, get("/resources/captcha"));
    expect(resource.headers.get("Cache-Control")).toBe("no-store");
    const fresh = resource.data as Challenge;
    expect(fresh.token).not.toBe(fromPage.token);

    // Both answer the action.
    expect((await post(submission({}, fromPage))).status).toBe(200);
    expect((await post(submission({}, fresh))).status).toBe(200);
  });
});

describe("contact messages domain", () => {
  it("creates, lists newest first with pages, counts unread, marks read and deletes", async () => {
    const mailed: string[] = [];
    const mail = { newMessage: async (id: string) => void mailed.push(id), enabled: () => true, send: async () => true };
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await createContactMessage({ ...person, message: `Message ${index}` }, mail)).id);
    expect(mailed).toEqual(ids);
    const first = await listContactMessages({ page: 1, perPage: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, perPage: 2, pageCount: 3 });
    expect(first.items.map((item) => item.message)).toEqual(["Message 4", "Message 3"]);
    expect(first.items[0]).toEqual({
      id: ids[4],
      ...person,
      message: "Message 4",
      read: false,
      status: "new",
      owner_id: null,
      first_response_at: null,
      source: null,
      spam_reason: null,
      fields: {},
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const last = await listContactMessages({ page: 99, perPage: 2 });
    expect(last.page).toBe(3);
    expect(last.items.map((item) => item.message)).toEqual(["Message 0"]);

    expect(await countUnread()).toBe(5);
    expect(await markRead(ids[0]!)).toMatchObject({ id: ids[0], read: true });
    expect(await countUnread()).toBe(4);
    expect(await markRead(ids[0]!, false)).toMatchObject({ read: false });
    expect(await markRead("not-an-id")).toBeNull();
    expect(await markRead("0123456789abcdef01234567")).toBeNull();

    expect(await deleteMessage(ids[1]!, testOrigin())).toMatchObject({ id: ids[1] });
    expect(await deleteMessage(ids[1]!, testOrigin())).toBeNull();
    expect(await deleteMessage("nope", testOrigin())).toBeNull();
    expect((await listContactMessages({ perPage: 10 })).total).toBe(4);
  });
});
