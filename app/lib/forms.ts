/**
 * parseWithZod's options for every form, in the browser and in the actions: conform's coercion (an empty
 * field read as missing) is off, so the schema reads the strings as they were typed and the browser's
 * messages are the server's, word for word.
 */
export const asTyped = { disableAutoCoercion: true } as const;
