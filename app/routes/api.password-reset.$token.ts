import { messages } from "~/domain/messages";
import { resetLinkByToken, resetPassword } from "~/domain/password-resets.server";
import { newPasswordInput } from "~/domain/schemas";
import { validInput } from "~/server/api/body.server";
import { linkRefused, readAnonymousInput } from "~/server/api/links.server";
import { apiJson } from "~/server/api/responses.server";
import { apiRoute } from "~/server/api/route.server";
import { requestOrigin } from "~/server/client-address.server";
import { requireDb } from "~/server/db.server";
import { ports } from "~/server/ports.server";

// docs/api.md#password-reset: the mail's token is the only credential; no XSRF check.
const route = apiRoute({
  GET: async ({ params }) => {
    await requireDb();
    const link = await resetLinkByToken(params.token ?? "");
    return link.state === "pending" ? apiJson(link) : linkRefused("reset", link.state);
  },
  POST: async ({ request, params }) => {
    await requireDb();
    const { password } = validInput(newPasswordInput, await readAnonymousInput(request));
    const reset = await resetPassword(params.token ?? "", password, ports.passwords, requestOrigin(request, null, "api"));
    if (!reset.ok) return linkRefused("reset", reset.reason);
    return apiJson({ message: messages.passwordResetDone });
  },
});

export const loader = route.loader;
export const action = route.action;
