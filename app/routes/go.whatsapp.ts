import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPublishedContent } from "~/domain/site-content.server";
import { getSiteSettings } from "~/domain/settings.server";
import { chatPage, countChatStarted, whatsAppChatFor } from "~/domain/whatsapp-chats.server";
import { whatsAppChatUrl } from "~/lib/phone-links";
import { clientAddress } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { NO_STORE } from "~/server/http-cache.server";
import { hit } from "~/server/rate-limit.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

// docs/behaviour.md#whatsapp-chats: the Services page's Get Started, counted on its way to the chat.

// A link hovered or prerendered is no chat started.
const prefetch = (request: Request) =>
  /prefetch|prerender/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);

export const loader = withSecurityHeadersOn(async ({ request }: LoaderFunctionArgs) => {
  await requireDb();
  const url = new URL(request.url);
  const [content, settings] = await Promise.all([getPublishedContent(), getSiteSettings()]);
  const chat = whatsAppChatFor(url.searchParams.get("service"), { services: content.services.items, studio: content.brand.name });
  if (request.method === "GET" && !prefetch(request) && !(await hit("whatsappChat", clientAddress(request))).limited) {
    const page = chatPage(url.searchParams.get("from"), request.headers.get("Referer"), url.hostname);
    await countChatStarted({ service: chat.service, page });
  }
  // Every click must reach this server to be counted: no browser or CDN may keep the redirect.
  return new Response(null, {
    status: 302,
    headers: { Location: whatsAppChatUrl(settings.whatsappNumber, chat.text), "Cache-Control": NO_STORE },
  });
});
