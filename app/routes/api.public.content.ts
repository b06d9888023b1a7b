import { getPublishedContent } from "~/domain/site-content.server";
import { withAbsoluteImages } from "~/server/api/content.server";
import { publicApiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requireDb } from "~/server/db.server";

// docs/api.md#site-content: what visitors see, every part; cached like a public page, so a publish changes the ETag.
const route = apiRoute({
  GET: async ({ request }) => {
    await requireDb();
    return publicApiJson(withAbsoluteImages(await getPublishedContent(), request), request);
  },
});

export const loader = route.loader;
export const action = route.action;
