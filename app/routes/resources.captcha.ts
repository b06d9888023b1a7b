import { createCaptcha } from "~/server/captcha.server";

/** GET /resources/captcha: a fresh signed math question for the contact form (JavaScript only). */
export function loader() {
  return new Response(JSON.stringify(createCaptcha()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
