import { createAdmin, listAdmins } from "~/domain/admins.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { messages } from "~/domain/messages";
import { adminInput } from "~/domain/schemas";
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
    description: `The dashboard's rules: every field required, a valid email not yet taken ('${messages.emailTaken}'), a password of ${PASSWORD_MIN_LENGTH} characters to ${PASSWORD_MAX_BYTES} bytes.`,
    security: WRITE,
    request: { body: bodyFor(adminInput.openapi("AdminInput", { description: "A new admin." }), "The new admin, as JSON or a form.") },
    responses: {
      201: { description: "Added.", content: json(ref("Admin")) },
      ...fail(400, 401, 413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
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
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
