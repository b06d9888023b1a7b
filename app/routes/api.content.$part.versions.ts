import { contentSubject, listVersions } from "~/domain/versions.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { contentPartOf } from "~/server/api/content.server";
import { versionSummaryJson } from "~/server/api/version-answers.server";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readPaging } from "~/server/api/paging.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { READ, contentTags, contentVersionSchema, fail, json, noPart, paging, partParams } from "~/server/openapi.server";
import { z } from "~/domain/zod-openapi";

const contract: ApiContract<"GET"> = {
  GET: () => ({
    operationId: "listContentVersions",
    tags: contentTags,
    summary: "List a part's versions",
    description: `Newest first, ${DEFAULT_PER_PAGE} a page; \`?page=&per_page=\` (per_page at most ${MAX_PER_PAGE}); a page past the end is empty. X-Total-Count gives how many are kept.`,
    security: READ,
    request: { params: partParams, query: paging },
    responses: {
      200: {
        description: "The versions.",
        headers: z.object({ "X-Total-Count": z.number().int().min(0).openapi({ description: "How many versions of the part are kept." }) }),
        content: json(
          z
            .object({ data: z.array(contentVersionSchema) })
            .strict()
            .openapi("ContentVersionList", { description: "A part's versions, newest first." }),
        ),
      },
      ...fail(401),
      404: noPart,
      ...fail(422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params, url }) => {
      await requireApiAdmin(request, "content:read");
      const part = contentPartOf(params);
      const { page = 1, perPage = DEFAULT_PER_PAGE } = readPaging(url);
      const listed = await listVersions(contentSubject(part), { page, perPage });
      // listVersions answers the last page for one past the end; the API answers it empty, as for case studies.
      const items = listed.page === page ? listed.items : [];
      return apiJson({ data: items.map(versionSummaryJson) }, { headers: { "X-Total-Count": String(listed.total) } });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
