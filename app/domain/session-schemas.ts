import { z } from "zod";
import { messages } from "./messages";

// My sessions' forms (docs/behaviour.md#my-sessions), told apart by `intent`.

const handle = (gone: string) => z.string({ required_error: gone, invalid_type_error: gone }).trim().min(1, gone).max(64, gone);

export const SESSION_INTENTS = {
  endSession: "end-session",
  revokeToken: "revoke-token",
  signOutEverywhere: "sign-out-everywhere",
} as const;

export const sessionAction = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(SESSION_INTENTS.endSession), session: handle(messages.sessionAlreadyEnded) }),
    z.object({ intent: z.literal(SESSION_INTENTS.revokeToken), token: handle(messages.tokenAlreadyEnded) }),
    z.object({ intent: z.literal(SESSION_INTENTS.signOutEverywhere) }),
  ],
  { errorMap: () => ({ message: messages.sessionAlreadyEnded }) },
);
