import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readImageUpload } from "~/server/api/body.server";
import { apiJson, absoluteUrl } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { ports } from "~/server/ports.server";
import { UploadError } from "~/server/uploads.server";
import { WRITE, bodyFor, contentTags, fail, json } from "~/server/openapi.server";
import { getEnv } from "~/server/env.server";
import { z } from "~/domain/zod-openapi";

// An image for the site's content, checked and stored as case study images are; the answer's url goes into a
// part's { url, alt }. An upload no part ever uses is removed at the next start (orphan-images.server.ts).
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "uploadContentImage",
    tags: contentTags,
    summary: "Upload an image for the site's content",
    description:
      "Checked and stored as case study images are (WebP 480, 960 and 1600 px wide). Use the answer's url in a part's image; an upload no part uses is removed at the server's next start.",
    security: WRITE,
    request: {
      body: bodyFor(
        z.object({
          image: z.string().openapi({
            format: "binary",
            ...{ contentMediaType: "image/*" },
            description: `A JPEG, PNG, WebP, AVIF or GIF file of at most ${getEnv().MAX_UPLOAD_MB} MB (judged by its bytes; SVG refused).`,
          }),
        }),
        "The image, as multipart/form-data.",
        ["multipart/form-data"],
      ),
    },
    responses: {
      201: {
        description: "Stored.",
        content: json(
          z
            .object({ url: z.string().url() })
            .strict()
            .openapi("ContentImageUploaded", { description: "The stored image's absolute address, to use as a ContentImage url." }),
        ),
      },
      ...fail(400, 401, 413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request }) => {
      await requireApiAdmin(request, "content:write");
      const stored = await ports.images.store(await readImageUpload(request));
      if (!stored.ok) throw new UploadError(stored.reason);
      return apiJson({ url: absoluteUrl(stored.url, request) }, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
