import { messages } from "../../../app/domain/messages";
import { documentHydrated, expect, test } from "../fixtures";
import { signIn, toast, unique, withLock } from "./helpers";

/**
 * Roles (docs/security.md#roles), with JavaScript on: the seeded admin, the site's Owner, invites an Editor; the Editor
 * accepts, saves a draft of the site's content, has no Messages entry, and opening Messages shows the 403 page. The
 * rules themselves (every role at every door, JavaScript on and off) are proven by tests/integration/roles.test.ts.
 */
test("an Owner invites an Editor, who edits site content but is shown the 403 page on Messages", async ({ page, browser, baseURL }) => {
  test.slow();
  const name = unique("Editor");
  const email = `${name.split(" ").pop()}@studio.test`.toLowerCase();
  await signIn(page);
  await page.goto("/dashboard/users?add=invitation");
  await documentHydrated(page);
  const section = page.getByRole("region", { name: "Add New Admin" });
  await section.getByLabel("Name").fill(name);
  await section.getByLabel("Email").fill(email);
  await section.getByLabel("Role").selectOption("editor");
  await section.getByRole("button", { name: "Send Invitation" }).click();
  // The test server sends no mail: the link is handed to the Owner in the page.
  const link = await page.getByLabel(`Invitation link for ${email}`).inputValue();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: name })).toContainText(
    "Role: Editor",
  );

  const editorContext = await browser.newContext();
  try {
    const editor = await editorContext.newPage();
    await editor.goto(link);
    await expect(editor.getByText(/with the role Editor/)).toBeVisible();
    await editor.getByLabel("Password").fill("editor-password-1");
    await editor.getByRole("button", { name: "Make my account" }).click();
    await expect(editor).toHaveURL(/\/login$/);
    await signIn(editor, { email, password: "editor-password-1" });

    await editor.goto("/dashboard");
    const sidebar = editor.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link", { name: "Site content" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Messages" })).toHaveCount(0);

    await withLock("content-home", baseURL!, async () => {
      await editor.goto("/dashboard/content/home");
      await editor.getByLabel("Hero headline").fill(unique("An editor's headline"));
      await editor.getByRole("button", { name: "Save draft" }).click();
      await expect(toast(editor, messages.contentDraftSaved)).toHaveCount(1);
      await editor.getByRole("button", { name: "Discard draft" }).click();
      await expect(toast(editor, messages.contentDraftDiscarded)).toHaveCount(1);
    });

    const answer = await editor.goto("/dashboard/messages");
    expect(answer?.status()).toBe(403);
    await expect(editor.getByRole("heading", { name: messages.forbiddenTitle })).toBeVisible();
    await expect(editor.getByText(messages.forbidden("leads:read"))).toBeVisible();
    await editor.getByRole("link", { name: messages.forbiddenBack }).click();
    await expect(editor).toHaveURL(/\/dashboard$/);
  } finally {
    await editorContext.close();
  }
});
