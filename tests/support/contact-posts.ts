import * as contactRoute from "~/routes/_site.contact";
import { createCaptcha } from "~/server/captcha.server";
import { randomAddress } from "./addresses";
import { url } from "./factories";
import { fetchMetadata } from "./form-replies";
import { call } from "./remix";

export const contactPerson = { name: "Grace Hopper", email: "grace@example.com", message: "We need a new booking app." };

/**
 * Posts the contact form with a right answer and an empty honeypot, as the JavaScript form does (a fetch) or as a plain
 * form post (a document navigation); `fields` add to or replace the person's.
 */
export function postContact(fields: Record<string, string>, { script = true, from = randomAddress(), path = "/contact" } = {}) {
  const captcha = createCaptcha();
  const body = { ...contactPerson, captchaToken: captcha.token, captchaAnswer: String(captcha.a + captcha.b), website: "", ...fields };
  const request = new Request(url(path), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.1, ${from}`,
      ...(script ? fetchMetadata : { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" }),
    },
    body: new URLSearchParams(body).toString(),
  });
  return call(contactRoute.action, request);
}
