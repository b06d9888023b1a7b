import bcrypt from "bcryptjs";
import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, deleteAdmin, getAdminById, listAdmins, updateAdmin, verifyCredentials } from "~/domain/admins.server";
import { BCRYPT_COST } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { AdminModel } from "~/models/admin.server";
import { connectDb } from "~/server/db.server";

beforeAll(async () => {
  await connectDb();
});

describe("createAdmin", () => {
  it("stores the email lowercase and only a bcrypt hash of the password", async () => {
    const result = await createAdmin({ name: " Grace Hopper ", email: "Grace@Example.COM", password: "cobol-forever" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: "Grace Hopper", email: "grace@example.com" });

    const stored = await AdminModel.findById(result.value.id).select("+passwordHash").lean();
    expect(stored?.passwordHash).not.toContain("cobol-forever");
    expect(bcrypt.getRounds(stored!.passwordHash)).toBeGreaterThanOrEqual(10);
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(10);
    expect(await bcrypt.compare("cobol-forever", stored!.passwordHash)).toBe(true);
  });

  it("never selects the hash by default and never puts it in the JSON shape", async () => {
    const created = await createAdmin({ name: "Ada", email: "ada@example.com", password: "analytical" });
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
    await createAdmin({ name: "Linus", email: "linus@example.com", password: "penguins!" });
    const duplicate = await createAdmin({ name: "Other", email: "LINUS@example.com", password: "penguins!" });
    expect(duplicate).toEqual({ ok: false, message: messages.emailTaken, errors: { email: [messages.emailTaken] } });
    expect(await AdminModel.countDocuments({ email: "linus@example.com" })).toBe(1);
  });

  it("enforces the unique index even when the friendly check is bypassed", async () => {
    await createAdmin({ name: "Unique", email: "unique@example.com", password: "password1" });
    await expect(AdminModel.create({ name: "Race", email: "unique@example.com", passwordHash: "x" })).rejects.toMatchObject({ code: 11000 });
  });

  it("validates like the dashboard form", async () => {
    expect(await createAdmin({ name: "", email: "", password: "" })).toMatchObject({ ok: false, message: messages.fillInAllFields });
    expect(await createAdmin({ name: "Short", email: "short@example.com", password: "1234" })).toMatchObject({
      ok: false,
      message: messages.passwordTooShort,
    });
    expect(await createAdmin({ name: "Long", email: "long@example.com", password: "x".repeat(73) })).toMatchObject({
      ok: false,
      message: messages.passwordTooLong,
    });
    expect(await AdminModel.countDocuments({ email: { $in: ["short@example.com", "long@example.com"] } })).toBe(0);
  });
});

describe("verifyCredentials", () => {
  beforeAll(async () => {
    await createAdmin({ name: "Margaret", email: "margaret@example.com", password: "apollo-11!" });
  });

  it("accepts the right password, with the email in any case", async () => {
    const result = await verifyCredentials({ email: "Margaret@Example.com", password: "apollo-11!" });
    expect(result).toEqual({ ok: true, value: { id: expect.any(String), name: "Margaret", email: "margaret@example.com" } });
  });

  it("gives one message for a wrong password and for an unknown email", async () => {
    const wrong = await verifyCredentials({ email: "margaret@example.com", password: "apollo-12!" });
    const unknown = await verifyCredentials({ email: "nobody@example.com", password: "apollo-11!" });
    expect(wrong).toEqual({ ok: false, message: messages.invalidCredentials, errors: { email: [messages.invalidCredentials] } });
    expect(unknown).toEqual(wrong);
  });

  it("asks for both fields when one is missing", async () => {
    expect(await verifyCredentials({ email: "margaret@example.com", password: "" })).toMatchObject({
      ok: false,
      message: "Please enter both email and password",
    });
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
    const created = await createAdmin({ name: "Edith", email: "edith@example.com", password: "original-pw" });
    if (!created.ok) throw new Error("setup");
    const renamed = await updateAdmin(created.value.id, { name: "Edith Clarke", email: "EClarke@example.com", password: "" });
    expect(renamed).toEqual({ ok: true, value: { id: created.value.id, name: "Edith Clarke", email: "eclarke@example.com" } });
    expect((await verifyCredentials({ email: "eclarke@example.com", password: "original-pw" })).ok).toBe(true);

    await updateAdmin(created.value.id, { name: "Edith Clarke", email: "eclarke@example.com", password: "brand-new-pw" });
    expect((await verifyCredentials({ email: "eclarke@example.com", password: "original-pw" })).ok).toBe(false);
    expect((await verifyCredentials({ email: "eclarke@example.com", password: "brand-new-pw" })).ok).toBe(true);
  });

  it("refuses another admin's email, a short password, and unknown ids", async () => {
    const a = await createAdmin({ name: "A", email: "a-upd@example.com", password: "password-a" });
    await createAdmin({ name: "B", email: "b-upd@example.com", password: "password-b" });
    if (!a.ok) throw new Error("setup");
    expect(await updateAdmin(a.value.id, { name: "A", email: "b-upd@example.com" })).toMatchObject({ ok: false, message: messages.emailTaken });
    expect(await updateAdmin(a.value.id, { name: "A", email: "a-upd@example.com", password: "short" })).toMatchObject({
      ok: false,
      message: messages.passwordTooShort,
    });
    expect(await updateAdmin("64b7f0000000000000000000", { name: "X", email: "x@example.com" })).toBeNull();
    expect(await updateAdmin("nope", { name: "X", email: "x@example.com" })).toBeNull();
  });
});

describe("deleteAdmin", () => {
  it("deletes another admin, but never oneself nor the last admin", async () => {
    await AdminModel.deleteMany({});
    const me = await createAdmin({ name: "Me", email: "me@example.com", password: "password-me" });
    const other = await createAdmin({ name: "Other", email: "other@example.com", password: "password-other" });
    if (!me.ok || !other.ok) throw new Error("setup");
    expect(await deleteAdmin(me.value.id, me.value.id)).toBe("self");
    expect(await deleteAdmin(other.value.id, me.value.id)).toBe("deleted");
    expect(await deleteAdmin(other.value.id, me.value.id)).toBe("not-found");
    expect(await deleteAdmin("garbage", me.value.id)).toBe("not-found");
    // Only "me" is left: a second session of another admin id cannot remove it either.
    expect(await deleteAdmin(me.value.id, other.value.id)).toBe("last");
    expect(await AdminModel.countDocuments()).toBe(1);
  });
});
