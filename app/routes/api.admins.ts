import { createAdmin, listAdmins } from "~/domain/admins.server";
import { requireApiAdmin } from "~/server/api/auth.server";
import { readInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";

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
    const result = await createAdmin(await readInput(request));
    if (!result.ok) return apiFailure(result.status ?? 422, result.message, result.errors);
    return apiJson(result.value, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
