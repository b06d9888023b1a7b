/** Conform's coercion off: the schema reads the strings as typed, so the browser's messages are the server's, word for word. */
export const asTyped = { disableAutoCoercion: true } as const;
