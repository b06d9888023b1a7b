/** The outcome of a domain write: the value, or the catalogue's messages keyed by field. */
export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; errors: Record<string, string[]>; status?: number };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (field: string, message: string, status?: number): Result<never> => ({
  ok: false,
  message,
  errors: { [field]: [message] },
  ...(status ? { status } : {}),
});
