import { restoreCaseStudyVersion } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { versionParam } from "~/server/api/version-answers.server";
import { ports } from "~/server/ports.server";
import { z } from "~/domain/zod-openapi";
import { WRITE, fail, idParams, json, message, ref } from "~/server/openapi.server";

const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "restoreCaseStudyVersion",
    tags: ["Case studies"],
    summary: "Restore a version of a case study",
    description:
      "Brings back the version's fields, its image and status included, as a new version (nothing is lost: the versions in between stay). No body.",
    security: WRITE,
    request: {
      params: idParams("case study").extend({
        n: z
          .string()
          .regex(/^[1-9]\d*$/)
          .openapi({ param: { description: "The version's number (see GET …/versions; anything else is 404)." } }),
      }),
    },
    responses: {
      200: { description: "Restored: the case study as it now is.", content: json(ref("CaseStudy")) },
      ...fail(401),
      404: {
        description: `No case study with this id ('${messages.apiCaseStudyNotFound}'), or no kept version with this number ('${messages.versionNotFound}').`,
        content: json(
          message(messages.apiCaseStudyNotFound, messages.versionNotFound).openapi("CaseStudyOrVersionNotFound", {
            description: "No case study with this id, or no kept version with this number.",
          }),
        ),
      },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "case_studies:write");
      // No version has number 0: a malformed number is an unknown version, once the case study is known.
      const n = versionParam(params.n) ?? 0;
      const restored = await restoreCaseStudyVersion(params.id ?? "", n, {
        origin: requestOrigin(request, admin, "api"),
        images: ports.images,
      });
      if (restored.ok) return apiJson(withAbsoluteImage(restored.value, request));
      throw new ApiError(404, restored.reason === "not-found" ? messages.apiCaseStudyNotFound : messages.versionNotFound);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
