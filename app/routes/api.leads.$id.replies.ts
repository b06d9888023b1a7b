import { getLeadRecord, replyToLead } from "~/domain/contact-messages.server";
import { leadReplyInput } from "~/domain/lead-schemas";
import { LEAD_REPLY_MAX } from "~/domain/leads";
import { messages } from "~/domain/messages";
import { replyDraft } from "~/domain/notifications";
import { getPublishedContent } from "~/domain/site-content.server";
import { requireApiAdmin } from "~/server/api/api-auth.server";
import { readInput, validInput } from "~/server/api/body.server";
import { ApiError, apiJson } from "~/server/api/responses.server";
import { apiRoute, type ApiContract } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/server/db.server";
import { ports } from "~/server/ports.server";
import { WRITE, bodyFor, fail, idParams, json, leadNotFound as notFoundAnswer, message, ref, retryAfter } from "~/server/openapi.server";
import { leadNotFound } from "./__lead-api.server";

// docs/api.md#leads
const RETRY_SECONDS = 60;

const contract: ApiContract<"POST"> = {
  POST: () => ({
    operationId: "replyToLead",
    tags: ["Leads"],
    summary: "Reply to a lead",
    description: `As the lead's page does: mailed through the outbox to the lead, from MAIL_FROM with Reply-To the caller's address, kept on the lead with its state (queued, then sent or failed), in its history and the audit log; the first reply sets first_response_at. At most ${LEAD_REPLY_MAX.toLocaleString("en-US")} characters.`,
    security: WRITE,
    request: {
      params: idParams("lead"),
      body: bodyFor(leadReplyInput.openapi("LeadReplyInput", { description: "A reply." }), "The reply, as JSON or a form."),
    },
    responses: {
      202: {
        description: "Queued: the reply, as the lead keeps it; the outbox sends it within a minute.",
        content: json(ref("LeadReply")),
      },
      ...fail(400, 401),
      404: notFoundAnswer,
      409: {
        description: `Mail is off (no SMTP_URL): '${messages.leadReplyMailOff}'`,
        content: json(message(messages.leadReplyMailOff).openapi("LeadReplyMailOff", { description: "Replies need mail." })),
      },
      ...fail(413, 415, 419, 422),
      503: {
        description: `The database cannot be reached, or the reply could not be queued ('${messages.leadReplyNotQueued}'): nothing is kept.`,
        headers: retryAfter("Seconds to wait before trying again."),
        content: json(message(DATABASE_UNAVAILABLE_MESSAGE, messages.leadReplyNotQueued)),
      },
    },
  }),
};

const mailOff = () => new ApiError(409, messages.leadReplyMailOff);

const route = apiRoute(
  {
    POST: async ({ request, params }) => {
      const { admin } = await requireApiAdmin(request, "leads:write");
      const id = params.id ?? "";
      const lead = await getLeadRecord(id);
      if (!lead) throw leadNotFound();
      const input = await readInput(request);
      // As the page: with mail off nothing is checked, since nothing could be sent.
      if (!ports.mail.enabled()) throw mailOff();
      const { subject, body } = validInput(leadReplyInput, input);
      const subjectOrDraft = subject ?? replyDraft(lead, (await getPublishedContent()).brand.name).subject;
      const replied = await replyToLead(id, { subject: subjectOrDraft, body }, requestOrigin(request, admin, "api"), ports.mail);
      if (!replied.ok) {
        if (replied.reason === "not-found") throw leadNotFound();
        if (replied.reason === "mail-off") throw mailOff();
        throw new ApiError(503, messages.leadReplyNotQueued, undefined, { "Retry-After": String(RETRY_SECONDS) });
      }
      return apiJson(replied.value, { status: 202 });
    },
  },
  contract,
);

export const loader = route.loader;
export const action = route.action;
