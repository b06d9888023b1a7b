import { createCaseStudy } from "~/domain/case-studies.server";
import { caseStudyCreateInput } from "~/domain/schemas";
import { withKnownChoices } from "~/domain/case-study-choices.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readCaseStudyInput, validInputAsync } from "~/server/api/body.server";
import { requireStoredImages, withOwnImagePaths } from "~/server/api/case-study-images.server";
import { pagedCaseStudies } from "~/server/api/paging.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { withAbsoluteImage } from "~/server/public-urls.server";
import { caseStudyRefusal } from "~/server/case-study-refusals.server";

const route = apiRoute({
  GET: async ({ request, url }) => {
    await requireApiAdmin(request);
    const { items, headers } = await pagedCaseStudies(url, { audience: "admin" });
    return apiJson({ data: items.map((study) => withAbsoluteImage(study, request)) }, { headers });
  },
  POST: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    const { image, ...input } = await validInputAsync(
      withKnownChoices(caseStudyCreateInput),
      withOwnImagePaths(await readCaseStudyInput(request), request),
    );
    await requireStoredImages(input);
    const result = await createCaseStudy(input, image, { origin: requestOrigin(request, admin, "api"), images: ports.images });
    if (!result.ok) {
      const { status, field, message } = caseStudyRefusal(result.reason, result.field);
      throw new ApiError(status, message, { [field]: [message] });
    }
    return apiJson(withAbsoluteImage(result.value, request), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
