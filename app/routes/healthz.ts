import { withSecurityHeadersOn } from "~/server/security-headers.server";

// Asks nothing of the database, so a database outage never gets healthy instances restarted.
export const loader = withSecurityHeadersOn(() => {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
});
