import { contentPartLabels, type ContentPart } from "~/domain/content-schemas";
import { discardContentDraft, getContentPart, type ContentSaved, type ContentState } from "~/domain/site-content.server";
import type { Admin } from "~/domain/types";
import { audit } from "./audit.server";
import { ports } from "./ports.server";

// docs/behaviour.md#audit-log: the site content's saves, publishes, restores and discards, from the dashboard or the API.

const target = (part: ContentPart) => ({ type: "content", id: part, label: contentPartLabels[part] });

export async function auditContentSave(request: Request, admin: Admin, part: ContentPart, saved: ContentSaved<ContentPart>) {
  await audit(request, saved.version.state === "published" ? "content.published" : "content.saved", {
    actor: admin,
    target: target(part),
    details: { version: saved.version.n },
  });
}

export async function auditContentRestore(request: Request, admin: Admin, part: ContentPart, saved: ContentSaved<ContentPart>, n: number) {
  await audit(request, "content.restored", {
    actor: admin,
    target: target(part),
    details: { version: saved.version.n, restored_from: n, published: saved.version.state === "published" },
  });
}

/** Discards the part's draft; recorded only when there was one (discarding is idempotent). */
export async function discardRecorded<P extends ContentPart>(request: Request, admin: Admin, part: P): Promise<ContentState<P>> {
  const had = (await getContentPart(part)).draft !== null;
  const state = await discardContentDraft(part, { images: ports.images });
  if (had) await audit(request, "content.discarded", { actor: admin, target: target(part) });
  return state;
}
