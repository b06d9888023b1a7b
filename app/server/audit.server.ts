import { recordAudit, type AuditAction, type AuditRecord } from "~/domain/audit-log.server";
import { clientAddress } from "./client-address.server";

// Routes record what happened once it has happened. A failed write is logged, never turned into a failed request:
// the change it describes is already made.

/** Where a request came from, as the server saw it: the address through TRUST_PROXY only, the browser as it says. */
export function requestOrigin(request: Request): { address: string; userAgent: string } {
  return { address: clientAddress(request), userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300) };
}

export async function audit(
  request: Request | null,
  action: AuditAction,
  entry: Omit<AuditRecord, "action" | "address" | "userAgent"> = {},
): Promise<void> {
  // No request: a command-line script or the scheduler.
  const origin = request ? requestOrigin(request) : { address: "server", userAgent: "" };
  try {
    await recordAudit({ ...entry, action, ...origin });
  } catch (error) {
    console.error(`The audit log could not record ${action}: ${(error as Error).message}`);
  }
}
