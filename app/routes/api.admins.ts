import { createAdmin, listAdmins } from "~/domain/admins.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { messages } from "~/domain/messages";
import { adminInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";

const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listAdmins());
  },
  POST: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    const result = await createAdmin(
      validInput(adminInput, await readInput(request)),
      ports.passwords,
      requestOrigin(request, admin, "api"),
    );
    if (!result.ok) return apiFailure(422, messages.emailTaken, { email: [messages.emailTaken] });
    return apiJson(result.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
