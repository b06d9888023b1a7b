import { createAdmin, listAdmins } from "~/domain/admins.server";
import { apiForbidden, requireApiAdmin } from "~/server/api/api-auth.server";
import { messages } from "~/domain/messages";
import { adminApiInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { apiFailure, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from "~/domain/constants";
import { READ, WRITE, arrayOf, bodyFor, fail, json, ref } from "~/server/openapi.server";

const contract: ApiContract<"GET" | "POST"> = {
  GET: () => ({
    operationId: "listAdmins",
    tags: ["Admins"],
    summary: "List admins",
    security: READ,
    responses: { 200: { description: "Every admin.", content: json(arrayOf(ref("Admin"))) }, ...fail(401, 503) },
  }),
  POST: () => ({
    operationId: "createAdmin",
    tags: ["Admins"],
    summary: "Add an admin",
    description: `The dashboard's rules: every field required, a valid email not yet taken ('${messages.emailTaken}'), a password of ${PASSWORD_MIN_LENGTH} characters to ${PASSWORD_MAX_BYTES} bytes. An optional \`role\` (default \`admin\`; 422 for an unknown one: '${messages.roleInvalid}'); making an Owner needs owners:write.`,
    security: WRITE,
    request: { body: bodyFor(adminApiInput.openapi("AdminInput", { description: "A new admin." }), "The new admin, as JSON or a form.") },
    responses: {
      201: { description: "Added.", content: json(ref("Admin")) },
      ...fail(400, 401, 413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request }) => {
      await requireApiAdmin(request, "admins:read");
      return apiJson(await listAdmins());
    },
    POST: async ({ request }) => {
      const auth = await requireApiAdmin(request, "admins:write");
      const result = await createAdmin(
        validInput(adminApiInput, await readInput(request)),
        ports.passwords,
        requestOrigin(request, auth.admin, "api"),
        {
          by: auth.actor,
        },
      );
      if (!result.ok && result.reason === "forbidden") throw await apiForbidden(auth, "owners:write");
      if (!result.ok) return apiFailure(422, messages.emailTaken, { email: [messages.emailTaken] });
      return apiJson(result.value, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
