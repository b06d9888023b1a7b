import { addLeadNote } from "~/domain/contact-messages.server";
import { leadNoteInput } from "~/domain/lead-schemas";
import { LEAD_NOTE_MAX } from "~/domain/leads";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { WRITE, bodyFor, fail, idParams, json, leadNotFound as notFoundAnswer, ref } from "~/server/openapi.server";
import { leadNotFound } from "./__lead-api.server";

// docs/api.md#leads
const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "addLeadNote",
    tags: ["Leads"],
    summary: "Add a note to a lead",
    description: `As the lead's page does: kept with the lead, in its history and the audit log; at most ${LEAD_NOTE_MAX.toLocaleString("en-US")} characters.`,
    security: WRITE,
    request: {
      params: idParams("lead"),
      body: bodyFor(leadNoteInput.openapi("LeadNoteInput", { description: "A new note." }), "The note, as JSON or a form."),
    },
    responses: {
      201: { description: "Added: the note.", content: json(ref("LeadNote")) },
      ...fail(400, 401),
      404: notFoundAnswer,
      ...fail(413, 415, 419, 422, 503),
    },
  }),
};

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "leads:write");
      const { text } = validInput(leadNoteInput, await readInput(request));
      const added = await addLeadNote(params.id ?? "", text, requestOrigin(request, admin, "api"));
      if (!added.ok) throw leadNotFound();
      return apiJson(added.value, { status: 201 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
