export const OBJECT_ID_SOURCE = "[0-9a-f]{24}";
export const OBJECT_ID = new RegExp(`^${OBJECT_ID_SOURCE}$`, "i");

/** Whether a string is an ObjectId; anything else is "not found", never a query. */
export function isObjectId(id: string): boolean {
  return OBJECT_ID.test(id);
}
