import { requireApiAdmin } from "~/server/api/auth.server";
import { readImageUpload } from "~/server/api/body.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { ports } from "~/server/ports.server";
import { absoluteUrl } from "~/server/public-urls.server";
import { UploadError } from "~/server/uploads.server";

// An image for the site's content, checked and stored as case study images are; the answer's url goes into a
// part's { url, alt }. An upload no part ever uses is removed at the next start (orphan-images.server.ts).
const route = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const stored = await ports.images.store(await readImageUpload(request));
    if (!stored.ok) throw new UploadError(stored.reason);
    return apiJson({ url: absoluteUrl(stored.url, request) }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
