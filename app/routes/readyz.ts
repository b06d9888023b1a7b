import { pingDb } from "~/server/db.server";
import { withSecurityHeadersOn } from "~/server/security-headers.server";

export const loader = withSecurityHeadersOn(async () => {
  const ready = await pingDb();
  return Response.json(ready ? { status: "ready" } : { status: "unavailable", message: "The database is not answering." }, {
    status: ready ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(ready ? {} : { "Retry-After": "5" }) },
  });
});
