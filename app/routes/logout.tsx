import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { messages } from "~/domain/messages";
import { logout } from "~/server/auth.server";
import { previewCookieHeader } from "~/server/preview.server";
import { isCrossSite } from "~/server/same-site.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export async function loader() {
  // Signing out changes state, so it takes a POST; a visit here just goes home.
  return redirect("/");
}

// A resource route: the wrapper gives it the headers and the database's 503 that pages get in entry.server.tsx.
export const action = withSecurityHeadersOn(async ({ request }: ActionFunctionArgs) => {
  // Another site's page must not sign an admin out (a resource route gets no check from Remix).
  if (isCrossSite(request)) {
    return new Response(messages.crossSiteRefused, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const response = await logout(request);
  // A preview belongs to the session it was turned on in.
  response.headers.append("Set-Cookie", await previewCookieHeader(false));
  return response;
});
