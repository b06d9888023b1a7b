import { withdrawInvitation } from "~/domain/invitations.server";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { WRITE, fail, idParams, json, notPending } from "~/server/openapi.server";
import { z } from "zod";

const contract: ApiContract<"DELETE"> = {
  DELETE: () => ({
    operationId: "withdrawInvitation",
    tags: ["Invitations"],
    summary: "Withdraw an invitation",
    description: "Its link stops working and says it was withdrawn.",
    security: WRITE,
    request: { params: idParams("invitation") },
    responses: {
      200: {
        description: `Withdrawn: '${messages.invitationWithdrawn("<email>")}'`,
        content: json(z.object({ message: z.string() }).strict()),
      },
      ...fail(401),
      404: notPending,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "admins:write");
      const withdrawn = await withdrawInvitation(params.id ?? "", requestOrigin(request, admin, "api"));
      if (!withdrawn.ok) throw new ApiError(404, messages.invitationNotFound);
      return apiJson({ message: messages.invitationWithdrawn(withdrawn.value.email) });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
