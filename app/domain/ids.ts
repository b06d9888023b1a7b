/** Whether a string is a MongoDB ObjectId in its 24-hex-digit form; anything else is "not found", never a query. */
export function isObjectId(id: string): boolean {
  return /^[0-9a-f]{24}$/i.test(id);
}
