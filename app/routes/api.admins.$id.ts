import { changeRole, deleteAdmin, getAdminById } from "~/domain/admins.server";
import { roleChangeInput } from "~/domain/schemas";
import { readInput, validInput } from "~/server/api/body.server";
import { messages, removalRefusal } from "~/domain/messages";
import { apiForbidden, requireApiAdmin } from "~/server/api/api-auth.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { READ, WRITE, adminNotFound, bodyFor, fail, idParams, json, message, ref } from "~/server/openapi.server";

const contract: ApiContract<"GET" | "PATCH" | "DELETE"> = {
  GET: () => ({
    operationId: "getAdmin",
    tags: ["Admins"],
    summary: "Get an admin",
    security: READ,
    request: { params: idParams("admin") },
    responses: { 200: { description: "The admin.", content: json(ref("Admin")) }, ...fail(401), 404: adminNotFound, ...fail(503) },
  }),
  PATCH: () => ({
    operationId: "changeAdminRole",
    tags: ["Admins"],
    summary: "Change an admin's role",
    description: `Making an Owner, or changing an Owner's role, needs the owners:write permission (an Owner's); any other change admins:write. An unknown role is 422 ('${messages.roleInvalid}'). The last Owner keeps their role (409).`,
    security: WRITE,
    request: {
      params: idParams("admin"),
      body: bodyFor(
        roleChangeInput.openapi("RoleChangeInput", { description: "The admin's new role." }),
        "The new role, as JSON or a form.",
      ),
    },
    responses: {
      200: { description: "Changed (or already so).", content: json(ref("Admin")) },
      ...fail(400, 401),
      404: adminNotFound,
      409: {
        description: "Refused: the last Owner cannot be demoted.",
        content: json(message(messages.lastOwner).openapi("LastOwner", { description: "A site keeps at least one Owner." })),
      },
      ...fail(413, 415, 419, 422, 503),
    },
  }),
  DELETE: () => ({
    operationId: "deleteAdmin",
    tags: ["Admins"],
    summary: "Delete an admin",
    description:
      "Deletes the admin and revokes its tokens. Refused for oneself, for the last admin and for the last Owner; deleting an Owner needs owners:write.",
    security: WRITE,
    request: { params: idParams("admin") },
    responses: {
      200: {
        description: "Deleted.",
        content: json(message(messages.adminDeleted).openapi("AdminDeleted", { description: "The admin is gone." })),
      },
      ...fail(401),
      404: adminNotFound,
      409: {
        description: "Refused: one cannot delete oneself, nor the last admin, nor the last Owner.",
        content: json(
          message(messages.cannotDeleteSelf, messages.cannotDeleteLastAdmin, messages.lastOwner).openapi("AdminRemovalRefused", {
            description: "Deleting oneself, the last admin or the last Owner is refused.",
          }),
        ),
      },
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "admins:read");
      const admin = await getAdminById(params.id ?? "");
      if (!admin) throw new ApiError(404, messages.adminNotFound);
      return apiJson(admin);
    },
    PATCH: async ({ request, params }) => {
      const auth = await requireApiAdmin(request, "admins:write");
      const { role } = validInput(roleChangeInput, await readInput(request));
      const changed = await changeRole(params.id ?? "", role, requestOrigin(request, auth.admin, "api"), { by: auth.actor });
      if (changed.ok) return apiJson(changed.value);
      if (changed.reason === "forbidden") throw await apiForbidden(auth, "owners:write");
      if (changed.reason === "not-found") throw new ApiError(404, messages.adminNotFound);
      throw new ApiError(409, messages.lastOwner);
    },
    DELETE: async ({ request, params }) => {
      const auth = await requireApiAdmin(request, "admins:write");
      const outcome = await deleteAdmin(params.id ?? "", requestOrigin(request, auth.admin, "api"), { by: auth.actor });
      if (outcome === "deleted") return apiJson({ message: messages.adminDeleted });
      if (outcome === "forbidden") throw await apiForbidden(auth, "owners:write");
      throw new ApiError(outcome === "not-found" ? 404 : 409, removalRefusal[outcome]);
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
