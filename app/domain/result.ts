export type Result<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refused = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({ ok: false, reason });
