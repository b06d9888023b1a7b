import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { messages } from "~/domain/messages";
import { asTyped } from "~/lib/forms";
import { requirePermission, safeRedirect } from "~/server/auth.server";
import { boundedRequest } from "~/server/bounded-body.server";
import { previewCookieHeader } from "~/server/preview.server";
import { isCrossSite } from "~/server/same-site.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

// docs/behaviour.md#preview: POST intent=on|off and redirectTo (a path of this site). The forms post here as documents
// (reloadDocument), so the page they land on is read afresh, with or without the drafts.

const previewInput = z.object({
  intent: z.enum(["on", "off"], { errorMap: () => ({ message: messages.previewIntentInvalid }) }),
  redirectTo: z.string().optional(),
});

const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader() {
  // Turning the preview on or off changes state, so it takes a POST; a visit here goes to the dashboard.
  return redirect("/dashboard");
}

// A resource route: the wrapper gives it the headers and the database's 503 that pages get in entry.server.tsx.
export const action = withSecurityHeadersOn(async ({ request: posted }: ActionFunctionArgs) => {
  // Another site's page must not turn an admin's preview on (a resource route gets no check from Remix).
  if (isCrossSite(posted)) return plain(403, messages.crossSiteRefused);
  // Anyone may post intent=off: the body is read only up to a small cap (413 past it).
  const request = await boundedRequest(posted);
  const form = await request.formData().catch(() => null);
  if (!form) return plain(400, messages.contactBadRequest);
  const submission = parseWithZod(form, { schema: previewInput, ...asTyped });
  if (submission.status !== "success") return plain(400, messages.previewIntentInvalid);
  const { intent, redirectTo } = submission.value;
  // Only a signed-in admin turns it on; anyone may drop the cookie.
  if (intent === "on") await requirePermission(request, "content:read");
  return redirect(safeRedirect(redirectTo, "/"), {
    headers: { "Set-Cookie": await previewCookieHeader(intent === "on"), "Cache-Control": "no-store" },
  });
});
