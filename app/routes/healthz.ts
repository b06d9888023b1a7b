import { withSecurityHeadersOn } from "~/server/security-headers.server";

/**
 * GET /healthz: the process is up and answering (liveness for a load balancer or orchestrator). It asks
 * nothing of the database, so a database outage never gets healthy instances restarted.
 */
export const loader = withSecurityHeadersOn(() => {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
});
