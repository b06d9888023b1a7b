import type { AccountLinkPurpose, LinkRefusal } from "~/domain/account-links";
import { linkRefusalMessage } from "~/domain/messages";
import { boundedRequest } from "../bounded-body.server";
import { readInput } from "./body.server";
import { apiJson } from "./responses.server";

// The API's doors for people without an account yet (docs/api.md#invitations, #password-reset).

/** A body anyone may send is read only up to the sign-in form's small cap (413 past it), then as any API body. */
export async function readAnonymousInput(request: Request): Promise<Record<string, unknown>> {
  return readInput(await boundedRequest(request));
}

/** 404 for a token no link has, 410 for a link that has ended: what became of it, and nothing else. */
export function linkRefused(purpose: AccountLinkPurpose, state: LinkRefusal): Response {
  return apiJson({ message: linkRefusalMessage(purpose, state), state }, { status: state === "unknown" ? 404 : 410 });
}
