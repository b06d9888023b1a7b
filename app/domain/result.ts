/** The outcome of a domain write: the value, or why it was refused (a reason code the routes map to a message and status). */
export type Result<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refused = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({ ok: false, reason });

