import { createAdmin, listAdmins } from "~/domain/admins.server";
import { adminTarget } from "~/server/account-audit.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { messages } from "~/domain/messages";
import { adminInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { audit } from "~/server/audit.server";
import { ports } from "~/server/ports.server";

const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listAdmins());
  },
  POST: async ({ request }) => {
    const { admin } = await requireApiAdmin(request);
    const result = await createAdmin(validInput(adminInput, await readInput(request)), ports.passwords);
    if (!result.ok) return apiFailure(422, messages.emailTaken, { email: [messages.emailTaken] });
    await audit(request, "admin.created", { actor: admin, target: adminTarget(result.value) });
    return apiJson(result.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
