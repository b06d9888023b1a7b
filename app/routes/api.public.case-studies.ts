import { toPublicCaseStudy } from "~/domain/case-studies.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { publicApiJson, withAbsoluteImage } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import {
  SHARED_WHEN_CONFIGURED,
  arrayOf,
  etag,
  fail,
  json,
  paging,
  pagingNote,
  portfolioFilter,
  ref,
  sharedEtag,
  totalCount,
} from "~/server/openapi.server";
import { z } from "zod";

// docs/api.md#routes
const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listPublicCaseStudies",
    tags: ["Case studies"],
    summary: "List case studies (public)",
    description: `A plain array of the published case studies (never a draft; no \`status\` field), newest first. ${pagingNote}`,
    security: [],
    request: {
      query: paging.merge(portfolioFilter),
      headers: z.object({
        "If-None-Match": z
          .string()
          .optional()
          .openapi({ description: "The ETag of a copy already held: answered 304 without a body while the list is unchanged." }),
      }),
    },
    responses: {
      200: {
        description: `The published case studies. ${SHARED_WHEN_CONFIGURED("the list")}`,
        headers: totalCount.merge(sharedEtag),
        content: json(arrayOf(ref("PublicCaseStudy"))),
      },
      304: { description: "Not modified: the copy whose ETag was sent in If-None-Match is current; no body.", headers: etag },
      ...fail(422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, url }) => {
      const { items, headers } = await pagedCaseStudies(url, { audience: "public" });
      return publicApiJson(
        items.map((study) => withAbsoluteImage(toPublicCaseStudy(study), request)),
        request,
        { headers },
      );
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
