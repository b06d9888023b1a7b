import { beforeAll, describe, expect, it, vi } from "vitest";
import { listAdmins } from "~/domain/admins.server";
import { checkCredentials, createTestAdmin } from "../support/admins";
import { messages } from "~/domain/messages";
import * as root from "~/root";
import * as users from "~/routes/dashboard.users";
import * as confirmDelete from "~/routes/dashboard.users_.$id.delete";
import * as edit from "~/routes/dashboard.users_.$id.edit";
import { AdminModel } from "~/models/admin.server";
import { connectDb } from "~/server/db.server";
import { refusal, sentByScript } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";
import { signedInAdmin } from "../support/session";

let me: Awaited<ReturnType<typeof signedInAdmin>>;

async function toastFor(headers: Headers, cookie: string) {
  const result = await call(root.loader, get("/dashboard/users", cookiesFrom(headers, cookie)));
  return (result.data as { toast: { message: string; type: string; description?: string } | null }).toast;
}

beforeAll(async () => {
  await connectDb();
  me = await signedInAdmin("me@studio.test", "Me Myself");
});

describe("/dashboard/users", () => {
  it("is guarded: no session, no list and no action", async () => {
    expect((await call(users.loader, get("/dashboard/users"))).status).toBe(302);
    const attempt = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "X", email: "x@studio.test", password: "password-x" }),
    );
    expect(attempt.status).toBe(302);
    expect(attempt.headers.get("Location")).toMatch(/^\/login/);
    expect((await listAdmins()).map((admin) => admin.email)).not.toContain("x@studio.test");
  });

  it("lists admins with name and email, never a password or hash", async () => {
    const result = await call(users.loader, get("/dashboard/users", me.cookie));
    expect(result.data).toMatchObject({ meId: me.admin.id, admins: [{ id: me.admin.id, name: "Me Myself", email: "me@studio.test" }] });
    expect(JSON.stringify(result.data)).not.toMatch(/password|hash/i);
  });

  it("adds an admin, who can then sign in, with the success toast", async () => {
    const result = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "New One", email: "New@Studio.test", password: "new-password" }, me.cookie),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard/users");
    expect(await toastFor(result.headers, me.cookie)).toMatchObject({ message: "Admin added successfully", type: "success" });
    const admins = await listAdmins();
    expect(admins.at(-1)).toMatchObject({ name: "New One", email: "new@studio.test" });
    expect((await checkCredentials({ email: "new@studio.test", password: "new-password" })).ok).toBe(true);
  });

  it("asks for all fields, keeping what was typed", async () => {
    const result = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "Half", email: "", password: "" }, me.cookie),
    );
    expect(result.status).toBe(422);
    expect(result.data).toMatchObject({ ok: false });
    expect(refusal(result.data)).toMatchObject({ message: "Please fill in all fields", values: { name: "Half" } });
    expect(refusal(result.data).values).not.toHaveProperty("password");
  });

  it("joins every message with commas when several fields are wrong", async () => {
    const result = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "Two Faults", email: "not-an-email", password: "short" }, me.cookie),
    );
    expect(result.status).toBe(422);
    const { message, errors } = refusal(result.data);
    expect(Object.keys(errors).sort()).toEqual(["email", "password"]);
    expect(message).toBe(`${errors.email![0]}, ${errors.password![0]}`);
    expect(message).toMatch(/email.*, .*password/i);
  });

  it("with JavaScript, a refusal also comes as a 5 s error toast; without it, only in the page", async () => {
    const scripted = await call(
      users.action,
      sentByScript(postForm("/dashboard/users", { intent: "create", name: "", email: "", password: "" }, me.cookie)),
    );
    expect(scripted.status).toBe(422);
    expect(await toastFor(scripted.headers, me.cookie)).toMatchObject({
      message: "Please fill in all fields",
      type: "error",
      duration: 5000,
    });
    const plain = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "", email: "", password: "" }, me.cookie),
    );
    expect(plain.status).toBe(422);
    expect(plain.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers an unexpected failure with 'Failed to add admin', keeping what was typed", async () => {
    const spy = vi.spyOn(AdminModel, "create").mockRejectedValueOnce(new Error("connection reset"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await call(
        users.action,
        postForm(
          "/dashboard/users",
          { intent: "create", name: "Unlucky", email: "unlucky@studio.test", password: "unlucky-password" },
          me.cookie,
        ),
      );
      expect(result.status).toBe(500);
      expect(refusal(result.data)).toMatchObject({
        message: "Failed to add admin",
        errors: {},
        values: { name: "Unlucky", email: "unlucky@studio.test" },
      });
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect((await listAdmins()).map((admin) => admin.email)).not.toContain("unlucky@studio.test");
  });

  it("refuses a duplicate email with a clear message", async () => {
    const result = await call(
      users.action,
      postForm("/dashboard/users", { intent: "create", name: "Dup", email: "ME@studio.test", password: "password-dup" }, me.cookie),
    );
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({ message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
  });

  it("deletes another admin from the list's script with the success toast", async () => {
    const other = await createTestAdmin({ name: "Leaving", email: "leaving@studio.test", password: "password-l" });
    if (!other.ok) throw new Error("setup");
    const result = await call(confirmDelete.action, sentByScript(postForm(`/dashboard/users/${other.value.id}/delete`, {}, me.cookie)), {
      id: other.value.id,
    });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(await toastFor(result.headers, me.cookie)).toMatchObject({ message: "Admin deleted successfully" });
    expect((await listAdmins()).map((admin) => admin.id)).not.toContain(other.value.id);
  });

  it("refuses to delete oneself or an unknown admin, with the failure toast and the reason", async () => {
    const attempt = (id: string) =>
      call(confirmDelete.action, sentByScript(postForm(`/dashboard/users/${id}/delete`, {}, me.cookie)), { id });
    const self = await attempt(me.admin.id);
    expect(self.status).toBe(409);
    expect(await toastFor(self.headers, me.cookie)).toMatchObject({
      message: "Failed to delete admin",
      type: "error",
      description: messages.cannotDeleteSelf,
    });
    const unknown = await attempt("64b7f0000000000000000000");
    expect(unknown.status).toBe(404);
    expect(await toastFor(unknown.headers, me.cookie)).toMatchObject({
      message: "Failed to delete admin",
      type: "error",
      description: messages.adminNotFound,
    });
    expect((await listAdmins()).map((admin) => admin.id)).toContain(me.admin.id);

    // Without JavaScript the same refusal goes back to the list.
    const posted = await call(confirmDelete.action, postForm(`/dashboard/users/${me.admin.id}/delete`, {}, me.cookie), { id: me.admin.id });
    expect(posted.headers.get("Location")).toBe("/dashboard/users");
    expect(await toastFor(posted.headers, me.cookie)).toMatchObject({
      message: "Failed to delete admin",
      type: "error",
      description: messages.cannotDeleteSelf,
    });
  });
});

describe("the no-JavaScript delete confirmation", () => {
  it("asks, then deletes and goes back to the list", async () => {
    const other = await createTestAdmin({ name: "Confirm Me", email: "confirm@studio.test", password: "password-c" });
    if (!other.ok) throw new Error("setup");
    const page = await call(confirmDelete.loader, get(`/dashboard/users/${other.value.id}/delete`, me.cookie), { id: other.value.id });
    expect(page.data).toMatchObject({ admin: { name: "Confirm Me" } });
    const done = await call(confirmDelete.action, postForm(`/dashboard/users/${other.value.id}/delete`, {}, me.cookie), {
      id: other.value.id,
    });
    expect(done.headers.get("Location")).toBe("/dashboard/users");
    expect(await toastFor(done.headers, me.cookie)).toMatchObject({ message: "Admin deleted successfully" });
  });
});

describe("editing an admin", () => {
  it("changes name, email and password", async () => {
    const other = await createTestAdmin({ name: "Before", email: "before@studio.test", password: "password-b" });
    if (!other.ok) throw new Error("setup");
    const form = { name: "After", email: "after@studio.test", password: "password-after" };
    const result = await call(edit.action, postForm(`/dashboard/users/${other.value.id}/edit`, form, me.cookie), { id: other.value.id });
    expect(result.headers.get("Location")).toBe("/dashboard/users");
    expect((await checkCredentials({ email: "after@studio.test", password: "password-after" })).ok).toBe(true);
  });

  it("keeps what was typed on an error", async () => {
    const result = await call(
      edit.action,
      postForm(`/dashboard/users/${me.admin.id}/edit`, { name: "Me", email: "not-an-email" }, me.cookie),
      { id: me.admin.id },
    );
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({ message: messages.invalidEmail, values: { name: "Me", email: "not-an-email" } });
  });
});
