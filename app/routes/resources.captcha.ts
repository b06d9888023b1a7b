import { createCaptcha } from "~/server/captcha.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export const loader = withSecurityHeadersOn(() => {
  return new Response(JSON.stringify(createCaptcha()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
});
