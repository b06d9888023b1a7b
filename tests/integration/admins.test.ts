import bcrypt from "bcryptjs";
import mongoose from "mongoose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ZodTypeAny } from "zod";
import { createAdmin, deleteAdmin, getAdminById, isEmailTaken, listAdmins, updateAdmin } from "~/domain/admins.server";
import { BCRYPT_COST } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { adminInput, adminUpdateInput, fieldErrors, loginInput } from "~/domain/schemas";
import { AdminModel } from "~/models/admin.server";
import { connectDb } from "~/server/db.server";
import { passwords } from "~/server/passwords.server";
import { checkCredentials, createTestAdmin } from "../support/admins";
import { testOrigin } from "../support/origin";

// The production bcrypt cost, which the other files lower (tests/support/setup.ts).
vi.unmock("~/domain/constants");

const update = (id: string, fields: { name: string; email: string; password?: string }) =>
  updateAdmin(id, adminUpdateInput.parse(fields), passwords, testOrigin());
/** The first message the schema gives, as the forms and the API show it. */
const refusalOf = (schema: ZodTypeAny, fields: unknown) => {
  const parsed = schema.safeParse(fields);
  return parsed.success ? null : fieldErrors(parsed.error).message;
};

beforeAll(async () => {
  await connectDb();
});

describe("createAdmin", () => {
  it("stores the email lowercase and only a bcrypt hash of the password", async () => {
    const result = await createTestAdmin({ name: " Grace Hopper ", email: "Grace@Example.COM", password: "cobol-forever" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "Grace Hopper",
      email: "grace@example.com",
      role: "owner",
    });

    const stored = await AdminModel.findById(result.value.id).select("+passwordHash").lean();
    expect(stored?.passwordHash).not.toContain("cobol-forever");
    expect(bcrypt.getRounds(stored!.passwordHash)).toBeGreaterThanOrEqual(10);
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10);
    expect(await bcrypt.compare("cobol-forever", stored!.passwordHash)).toBe(true);
  });

  it("never selects the hash by default and never puts it in the JSON shape", async () => {
    const created = await createTestAdmin({ name: "Ada", email: "ada@example.com", password: "analytical" });
    expect(created.ok).toBe(true);
    // Asserted on the query sent, since the embedded engine ignores projections (real MongoDB honours them).
    const sent: unknown[][] = [];
    mongoose.set("debug", (collection: string, method: string, ...args: unknown[]) => sent.push([collection, method, ...args]));
    try {
      await AdminModel.findOne({ email: "ada@example.com" }).lean();
    } finally {
      mongoose.set("debug", false);
    }
    expect(sent).toContainEqual(["admins", "findOne", { email: "ada@example.com" }, { projection: { passwordHash: 0 } }]);
    const doc = await AdminModel.findOne({ email: "ada@example.com" }).select("+passwordHash");
    expect(JSON.stringify(doc)).not.toMatch(/password|hash|_id/i);
    const listed = await listAdmins();
    const json = JSON.stringify(listed);
    expect(json).not.toMatch(/password|hash|_id/i);
    expect(listed.map((admin) => admin.email)).toContain("ada@example.com");
  });

  it("refuses a duplicate email whatever its case", async () => {
    await createTestAdmin({ name: "Linus", email: "linus@example.com", password: "penguins!" });
    expect(await isEmailTaken("linus@example.com")).toBe(true);
    const duplicate = await createTestAdmin({ name: "Other", email: "LINUS@example.com", password: "penguins!" });
    expect(duplicate).toEqual({ ok: false, reason: "email-taken" });
    expect(await AdminModel.countDocuments({ email: "linus@example.com" })).toBe(1);
  });

  it("answers email-taken when two creates race past the check (the unique index)", async () => {
    const input = adminInput.parse({ name: "Racer", email: "racer@example.com", password: "password-r" });
    const [first, second] = await Promise.all([createAdmin(input, passwords, null), createAdmin(input, passwords, null)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect([first, second]).toContainEqual({ ok: false, reason: "email-taken" });
    expect(await AdminModel.countDocuments({ email: "racer@example.com" })).toBe(1);
  });

  it("enforces the unique index even when the friendly check is bypassed", async () => {
    await createTestAdmin({ name: "Unique", email: "unique@example.com", password: "password1" });
    await expect(AdminModel.create({ name: "Race", email: "unique@example.com", passwordHash: "x" })).rejects.toMatchObject({
      code: 11000,
    });
  });

  it("takes input the dashboard's schema has checked", () => {
    expect(refusalOf(adminInput, { name: "", email: "", password: "" })).toBe(messages.fillInAllFields);
    expect(refusalOf(adminInput, { name: "Short", email: "short@example.com", password: "1234" })).toBe(messages.passwordTooShort);
    expect(refusalOf(adminInput, { name: "Long", email: "long@example.com", password: "x".repeat(73) })).toBe(messages.passwordTooLong);
  });
});

describe("verifyCredentials", () => {
  beforeAll(async () => {
    await createTestAdmin({ name: "Margaret", email: "margaret@example.com", password: "apollo-11!" });
  });

  it("accepts the right password, with the email in any case", async () => {
    const result = await checkCredentials({ email: "Margaret@Example.com", password: "apollo-11!" });
    expect(result).toEqual({ ok: true, value: { id: expect.any(String), name: "Margaret", email: "margaret@example.com", role: "admin" } });
  });

  it("gives one message for a wrong password and for an unknown email", async () => {
    const wrong = await checkCredentials({ email: "margaret@example.com", password: "apollo-12!" });
    const unknown = await checkCredentials({ email: "nobody@example.com", password: "apollo-11!" });
    expect(wrong).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(unknown).toEqual(wrong);
  });

  it("asks for both fields when one is missing (the schema, before any check)", () => {
    expect(refusalOf(loginInput, { email: "margaret@example.com", password: "" })).toBe("Please enter both email and password");
  });
});

describe("getAdminById", () => {
  it("returns null for an unknown or malformed id", async () => {
    expect(await getAdminById("64b7f0000000000000000000")).toBeNull();
    expect(await getAdminById("not-an-id")).toBeNull();
  });
});

describe("updateAdmin", () => {
  it("changes name and email, and the password only when one is given", async () => {
    const created = await createTestAdmin({ name: "Edith", email: "edith@example.com", password: "original-pw" });
    if (!created.ok) throw new Error("setup");
    const renamed = await update(created.value.id, { name: "Edith Clarke", email: "EClarke@example.com", password: "" });
    expect(renamed).toEqual({
      ok: true,
      value: { id: created.value.id, name: "Edith Clarke", email: "eclarke@example.com", role: "admin" },
    });
    expect((await checkCredentials({ email: "eclarke@example.com", password: "original-pw" })).ok).toBe(true);

    await update(created.value.id, { name: "Edith Clarke", email: "eclarke@example.com", password: "brand-new-pw" });
    expect((await checkCredentials({ email: "eclarke@example.com", password: "original-pw" })).ok).toBe(false);
    expect((await checkCredentials({ email: "eclarke@example.com", password: "brand-new-pw" })).ok).toBe(true);
  });

  it("refuses another admin's email, a short password, and unknown ids", async () => {
    const a = await createTestAdmin({ name: "A", email: "a-upd@example.com", password: "password-a" });
    await createTestAdmin({ name: "B", email: "b-upd@example.com", password: "password-b" });
    if (!a.ok) throw new Error("setup");
    expect(await update(a.value.id, { name: "A", email: "b-upd@example.com" })).toEqual({ ok: false, reason: "email-taken" });
    expect(await isEmailTaken("a-upd@example.com", { exceptId: a.value.id })).toBe(false);
    expect(refusalOf(adminUpdateInput, { name: "A", email: "a-upd@example.com", password: "short" })).toBe(messages.passwordTooShort);
    expect(await update("64b7f0000000000000000000", { name: "X", email: "x@example.com" })).toEqual({ ok: false, reason: "not-found" });
    expect(await update("nope", { name: "X", email: "x@example.com" })).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("deleteAdmin", () => {
  const asOwner = { by: { kind: "admin", role: "owner" } } as const;
  it("deletes another admin, but never oneself nor the last admin", async () => {
    await AdminModel.deleteMany({});
    const me = await createTestAdmin({ name: "Me", email: "me@example.com", password: "password-me" });
    const other = await createTestAdmin({ name: "Other", email: "other@example.com", password: "password-other" });
    if (!me.ok || !other.ok) throw new Error("setup");
    expect(await deleteAdmin(me.value.id, testOrigin(me.value), asOwner)).toBe("self");
    expect(await deleteAdmin(other.value.id, testOrigin(me.value), asOwner)).toBe("deleted");
    expect(await deleteAdmin(other.value.id, testOrigin(me.value), asOwner)).toBe("not-found");
    expect(await deleteAdmin("garbage", testOrigin(me.value), asOwner)).toBe("not-found");
    // Only "me" is left: a second session of another admin id cannot remove it either.
    expect(await deleteAdmin(me.value.id, testOrigin(other.value), asOwner)).toBe("last");
    expect(await AdminModel.countDocuments()).toBe(1);
  });
});
