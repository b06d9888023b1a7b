import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Outlet } from "@remix-run/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "~/domain/messages";
import { DEFAULT_SETTINGS } from "~/domain/settings.server";
import { ContactMessageModel } from "~/models/contact-message.server";
import * as contactRoute from "~/routes/_site.contact";
import * as siteRoute from "~/routes/_site";
import { createCaptcha } from "~/server/captcha.server";
import { connectDb, isDbConnected } from "~/server/db.server";
import { issueFormTime } from "~/server/form-time.server";
import { startEmbeddedEngine, type EmbeddedEngine } from "~/server/embedded-engine.server";
import { unsentMailto } from "~/domain/unsent-message";
import { randomAddress } from "../support/addresses";
import { url } from "../support/factories";
import { fetchMetadata, refusal } from "../support/form-replies";
import { call } from "../support/remix";

// docs/behaviour.md#nothing-lost. Its own engine on a fixed port, stopped like database-availability.test.ts does,
// so that the database really refuses the message.
let engine: EmbeddedEngine | undefined;
const port = vi.hoisted(() => {
  const chosen = 20_000 + Math.floor(Math.random() * 12_000);
  process.env.MONGODB_URI = `mongodb://127.0.0.1:${chosen}/outage`;
  return chosen;
});

beforeAll(async () => {
  engine = await startEmbeddedEngine("outage", { port });
  await connectDb();
  await ContactMessageModel.init();
}, 30_000);
afterAll(() => engine?.stop());

const typed = { name: "Grace Hopper", email: "grace@example.com", message: "We need a booking app.\nBudget: 10k & up." };

function contactPost({ script }: { script: boolean }) {
  const captcha = createCaptcha();
  const fields = {
    ...typed,
    captchaToken: captcha.token,
    captchaAnswer: String(captcha.a + captcha.b),
    website: "",
    formShown: issueFormTime(Date.now() - 60_000),
  };
  return new Request(url("/contact"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.1, ${randomAddress()}`,
      ...(script ? fetchMetadata : { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" }),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The contact page as a document post renders it, under the site's layout and its own loader. */
async function renderedAfter(request: Request) {
  const routes = [
    {
      id: "routes/_site",
      path: "/",
      loader: ({ request: read, context }: { request: Request; context?: AppLoadContext }) =>
        siteRoute.loader({ request: read, params: {}, context: context! }),
      Component: Outlet,
      children: [
        {
          path: "contact",
          loader: () => ({ captcha: createCaptcha(), formShown: issueFormTime() }),
          action: ({ request: posted, context }: { request: Request; context?: AppLoadContext }) =>
            contactRoute.action({ request: posted, params: {}, context: context! }),
          Component: contactRoute.default,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  // One load context per request, shared by the action and the loaders after it, as Remix's server does.
  const context = await handler.query(request, { requestContext: {} });
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("a message the database refuses", () => {
  it("is stored while the database answers (the test's engine works)", async () => {
    expect((await call(contactRoute.action, contactPost({ script: true }))).status).toBe(200);
    expect(await ContactMessageModel.countDocuments()).toBe(1);
  });

  it("keeps what was typed, says so, and answers 503 with Retry-After, with JavaScript and without", async () => {
    engine!.stop();
    await new Promise((resolve) => engine!.process.once("exit", resolve));
    // Met at once, before the driver's next heartbeat says it is gone: a query inside the action is what fails.
    expect(isDbConnected()).toBe(true);
    const early = await call(contactRoute.action, contactPost({ script: true }));
    expect([early.status, refusal(early.data).message, refusal(early.data).values?.name]).toEqual([
      503,
      messages.contactNotSaved,
      typed.name,
    ]);

    const deadline = Date.now() + 15_000;
    while (isDbConnected() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));

    for (const script of [true, false]) {
      const request = contactPost({ script });
      const posted = new URLSearchParams(await request.clone().text());
      const answer = await call(contactRoute.action, request);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(answer.data).toMatchObject({ ok: false, unsaved: true, captcha: { token: expect.any(String) } });
      const { message, values } = refusal(answer.data);
      expect(message).toBe(messages.contactNotSaved);
      // Everything typed comes back, and the shown time (a retry is not "too fast"); never the captcha or honeypot.
      expect(values).toEqual({ ...typed, formShown: posted.get("formShown") });
    }
  }, 40_000);

  it("the page keeps the fields and offers the studio's address with the message ready to send, under the site's layout", async () => {
    const html = await renderedAfter(contactPost({ script: false }));
    expect(html).toContain(messages.contactNotSaved.replace(/'/g, "&#x27;"));
    expect(html).toContain(`value="${typed.name}"`);
    expect(html).toContain(`value="${typed.email}"`);
    expect(html).toContain(typed.message.replace(/&/g, "&amp;"));
    const href = unsentMailto(DEFAULT_SETTINGS.contactEmail, typed).replace(/&/g, "&amp;");
    expect(html).toContain(`href="${href}"`);
    expect(html).toContain(messages.contactEmailInstead(DEFAULT_SETTINGS.contactEmail));
  }, 30_000);
});
