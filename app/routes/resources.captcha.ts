import { createCaptcha } from "~/server/captcha.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

/** GET /resources/captcha: a fresh signed math question for the contact form (JavaScript only). */
export const loader = withSecurityHeadersOn(() => {
  return new Response(JSON.stringify(createCaptcha()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
});
