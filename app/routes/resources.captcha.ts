import { FORM_TIME_FIELD } from "~/domain/spam";
import { createCaptcha } from "~/server/captcha.server";
import { issueFormTime } from "~/server/form-time.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export const loader = withSecurityHeadersOn(() => {
  // With the form's signed shown time, for the contact modal, which has no page loader (docs/behaviour.md#spam).
  return new Response(JSON.stringify({ ...createCaptcha(), [FORM_TIME_FIELD]: issueFormTime() }), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
});
