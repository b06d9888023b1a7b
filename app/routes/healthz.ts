/**
 * GET /healthz: the process is up and answering (liveness for a load balancer or orchestrator). It asks
 * nothing of the database, so a database outage never gets healthy instances restarted.
 */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
