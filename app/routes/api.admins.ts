import { createAdmin, listAdmins } from "~/domain/admins.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { messages } from "~/domain/messages";
import { adminInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { passwords } from "~/server/passwords.server";

/**
 * GET /api/admins (auth) → an array of `{ id, name, email }`.
 * POST /api/admins (auth; JSON or form: name, email, password) → 201 with the new admin, or 422
 * `{ message, errors }` (the dashboard's rules: 'Please fill in all fields', a taken email...).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listAdmins());
  },
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const result = await createAdmin(validInput(adminInput, await readInput(request)), passwords);
    if (!result.ok) return apiFailure(422, messages.emailTaken, { email: [messages.emailTaken] });
    return apiJson(result.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
