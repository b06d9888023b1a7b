/** The outcome of a domain write: the value, or why it was refused (a reason code the routes map to a message and status). */
export type Result<T, Reason extends string> = { ok: true; value: T } | { ok: false; reason: Reason };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refused = <Reason extends string>(reason: Reason): { ok: false; reason: Reason } => ({ ok: false, reason });

/** The outcome shape being replaced by Result: messages keyed by field and an HTTP status. */
export type FieldResult<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; errors: Record<string, string[]>; status?: number };

export const fail = (field: string, message: string, status?: number): FieldResult<never> => ({
  ok: false,
  message,
  errors: { [field]: [message] },
  ...(status ? { status } : {}),
});
