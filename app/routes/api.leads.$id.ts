import { changeLead, deleteMessage, getLeadRecord } from "~/domain/contact-messages.server";
import { toLeadJson } from "~/domain/lead-json";
import { leadChanges } from "~/domain/lead-schemas";
import { messages } from "~/domain/messages";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { ports } from "~/server/ports.server";
import { READ, WRITE, bodyFor, fail, idParams, json, leadNotFound as notFoundAnswer, message, ref } from "~/server/openapi.server";
import { leadNotFound } from "./__lead-api.server";

// docs/api.md#leads
const contract: ApiContract<"GET" | "PATCH" | "DELETE"> = {
  GET: () => ({
    operationId: "getLead",
    tags: ["Leads"],
    summary: "Get a lead",
    description: "Reading a lead here does not mark it read (opening it on the dashboard does).",
    security: READ,
    request: { params: idParams("lead") },
    responses: { 200: { description: "The lead.", content: json(ref("Lead")) }, ...fail(401), 404: notFoundAnswer, ...fail(503) },
  }),
  PATCH: () => ({
    operationId: "updateLead",
    tags: ["Leads"],
    summary: "Change a lead's status or owner",
    description: `As the lead's page does: each change is in the lead's history and the audit log; the first move out of \`new\` sets first_response_at. An owner who is not an admin is 422 '${messages.leadOwnerUnknown}'.`,
    security: WRITE,
    request: {
      params: idParams("lead"),
      body: bodyFor(
        leadChanges.openapi("LeadChanges", { minProperties: 1, description: "A new status, a new owner, or both." }),
        "The changes, as JSON or a form.",
      ),
    },
    responses: {
      200: { description: "Changed (or already so): the lead.", content: json(ref("Lead")) },
      ...fail(400, 401),
      404: notFoundAnswer,
      ...fail(413, 415, 419, 422, 503),
    },
  }),
  DELETE: () => ({
    operationId: "deleteLead",
    tags: ["Leads"],
    summary: "Delete a lead",
    description: "Deletes the lead and its notes, as the inbox's Delete does.",
    security: WRITE,
    request: { params: idParams("lead") },
    responses: {
      200: {
        description: "Deleted.",
        content: json(message(messages.messageDeleted).openapi("LeadDeleted", { description: "The lead is gone." })),
      },
      ...fail(401),
      404: notFoundAnswer,
      ...fail(419, 503),
    },
  }),
};

const route = apiRoute(
  {
    GET: async ({ request, params }) => {
      await requireApiAdmin(request, "leads:read");
      const lead = await getLeadRecord(params.id ?? "");
      if (!lead) throw leadNotFound();
      return apiJson(toLeadJson(lead));
    },
    PATCH: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "leads:write");
      const id = params.id ?? "";
      if (!(await getLeadRecord(id))) throw leadNotFound();
      const { status, owner_id } = validInput(leadChanges, await readInput(request));
      const changed = await changeLead(id, { status, owner: owner_id }, requestOrigin(request, admin, "api"), ports.mail);
      if (!changed.ok) {
        if (changed.reason === "not-found") throw leadNotFound();
        throw new ApiError(422, messages.leadOwnerUnknown, { owner_id: [messages.leadOwnerUnknown] });
      }
      const lead = await getLeadRecord(id);
      if (!lead) throw leadNotFound();
      return apiJson(toLeadJson(lead));
    },
    DELETE: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "leads:write");
      const deleted = await deleteMessage(params.id ?? "", requestOrigin(request, admin, "api"));
      if (!deleted) throw leadNotFound();
      return apiJson({ message: messages.messageDeleted });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
