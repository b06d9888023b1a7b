import { restoreCaseStudyVersion } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { versionParam } from "~/server/api/versions.server";
import { ports } from "~/server/ports.server";
import { withAbsoluteImage } from "~/server/public-urls.server";

const route = apiRoute({
  POST: async ({ request, params }) => {
    const { admin } = await requireApiAdmin(request);
    // No version has number 0: a malformed number is an unknown version, once the case study is known.
    const n = versionParam(params.n) ?? 0;
    const restored = await restoreCaseStudyVersion(params.id ?? "", n, {
      origin: requestOrigin(request, admin, "api"),
      images: ports.images,
    });
    if (restored.ok) return apiJson(withAbsoluteImage(restored.value, request));
    throw new ApiError(404, restored.reason === "not-found" ? messages.apiCaseStudyNotFound : messages.versionNotFound);
  },
});

export const loader = route.loader;
export const action = route.action;
