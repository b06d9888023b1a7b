/** The sign-in form's two steps (docs/behaviour.md#two-factor-sign-in): what the code step's buttons post as `intent`. */
export const SIGN_IN_INTENT = { code: "code", restart: "restart" } as const;
