import { findCaseStudyByAddress, toPublicCaseStudy } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { requireDb } from "~/server/db.server";
import { ApiError, publicApiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { MOVED_PERMANENTLY_CACHE } from "~/server/http-cache.server";
import { SHARED_WHEN_CONFIGURED, etag, fail, json, ref, sharedEtag } from "~/server/openapi.server";
import { z } from "zod";

// docs/api.md#routes: a published case study by its address; a former slug or the id answers 301 to the current slug.
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "getPublicCaseStudy",
    tags: ["Case studies"],
    summary: "Get a published case study by its address (public)",
    description:
      "The published case study whose `slug` this is. A former slug of it, or its id, answers 301 to this path with its current slug (the query kept); a draft is 404 like an address nobody had.",
    security: [],
    request: {
      params: z.object({
        slug: z.string().openapi({ param: { description: "The case study's slug (a former one or its id answer 301)." } }),
      }),
      headers: z.object({
        "If-None-Match": z
          .string()
          .optional()
          .openapi({ description: "The ETag of a copy already held: answered 304 without a body while the entry is unchanged." }),
      }),
    },
    responses: {
      200: {
        description: `The case study. ${SHARED_WHEN_CONFIGURED("it")}`,
        headers: sharedEtag,
        content: json(ref("PublicCaseStudy")),
      },
      301: {
        description:
          "Moved: the address was a former slug or the id. No body; browsers do not keep the answer, a CDN a minute (an entry may take a former slug back).",
        headers: z.object({
          Location: z.string().openapi({ description: "/api/public/case-studies/{current slug}, with the query sent." }),
        }),
      },
      304: { description: "Not modified: the copy whose ETag was sent in If-None-Match is current; no body.", headers: etag },
      404: {
        description: `No published case study at this address: '${messages.apiCaseStudyNotFound}'`,
        content: json(ref("CaseStudyNotFound")),
      },
      ...fail(503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params, url }) => {
      await requireDb();
      const found = await findCaseStudyByAddress(params.slug ?? "");
      // A draft is as unknown here as an address nobody ever had.
      if (!found || found.study.status === "draft") throw new ApiError(404, messages.apiCaseStudyNotFound);
      const { study, current } = found;
      if (!current) {
        const location = `/api/public/case-studies/${study.slug}${url.search}`;
        return new Response(null, { status: 301, headers: { Location: location, "Cache-Control": MOVED_PERMANENTLY_CACHE } });
      }
      return publicApiJson(withAbsoluteImage(toPublicCaseStudy(study), request), request);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
