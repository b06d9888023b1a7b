import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInDashboard } from "../support/dashboard-render";
import { CaseStudyCard } from "~/components/dashboard/case-study-card";
import { ReadOnlyFor } from "~/components/dashboard/dashboard-ui";
import { RestoreForm } from "~/components/dashboard/history";
import { messages } from "~/domain/messages";
import { permissionsOf, type Role } from "~/domain/permissions";
import type { CaseStudy } from "~/domain/types";

// docs/security.md#roles: a role that may read a screen but not change it is offered no control the server would
// refuse with a 403 (the dashboard layout's loader lists the role's permissions).

/** `element` inside the dashboard layout's route, as the server renders it for a signed-in `role`. */
const renderFor = (role: Role, element: ReactNode) => renderInDashboard(element, { permissions: permissionsOf(role) });

const study = {
  id: "6b0b2cfe256417c3a0817e51",
  slug: "quillstack",
  title: "Quillstack",
  client: "Quill",
  industry: "Media",
  project_insight: "A growth campaign.",
  image_url: "/uploads/x.webp",
  status: "published",
  publish_at: null,
  unpublish_at: null,
} as unknown as CaseStudy;

const form = (
  <form method="post">
    <button type="submit">Save draft</button>
  </form>
);

describe("a screen a role may read but not change", () => {
  it("says so once and disables every control for a Viewer; an Editor gets the form as it is", async () => {
    const viewer = await renderFor("viewer", <ReadOnlyFor permission="content:write">{form}</ReadOnlyFor>);
    expect(viewer).toContain(messages.readOnlyScreen.replace(/'/g, "&#x27;"));
    expect(viewer).toMatch(/<fieldset disabled="" class="contents">.*Save draft/s);
    const editor = await renderFor("editor", <ReadOnlyFor permission="content:write">{form}</ReadOnlyFor>);
    expect(editor).not.toContain(messages.readOnlyScreen.replace(/'/g, "&#x27;"));
    expect(editor).not.toContain("<fieldset");
  });

  it("offers a case study's Edit and Delete, and a version's Restore, only to a role that may write", async () => {
    const card = (
      <ul>
        <CaseStudyCard caseStudy={study} />
      </ul>
    );
    const restore = <RestoreForm permission="case_studies:write" buttons={[{ label: "Restore this version" }]} />;
    for (const role of ["sales", "viewer"] as const) {
      const html = await renderFor(role, card);
      expect(html).toContain("View Quillstack");
      expect(html).not.toContain("Edit Quillstack");
      expect(html).not.toContain("Delete Quillstack");
      expect(await renderFor(role, restore)).not.toContain("Restore this version");
    }
    const html = await renderFor("editor", card);
    expect(html).toContain("Edit Quillstack");
    expect(html).toContain("Delete Quillstack");
    expect(await renderFor("editor", restore)).toContain("Restore this version");
  });
});
