import { describe, expect, it } from "vitest";
import { can, canAssignRole, DEFAULT_ROLE, permissionsOf, ROLES, SCOPES, type Actor } from "~/domain/permissions";
import { STORED_ROLES } from "~/models/admin.server";

const person = (role: (typeof ROLES)[number]): Actor => ({ kind: "admin", role });

describe("the permission model", () => {
  it("stores the roles the domain names, and an account without one is an Admin", () => {
    expect([...STORED_ROLES]).toEqual([...ROLES]);
    expect(DEFAULT_ROLE).toBe("admin");
  });

  it("gives an Owner everything and an Admin everything but Owners and the settings that secure the site", () => {
    expect(permissionsOf("owner")).toEqual(
      expect.arrayContaining([...SCOPES, "settings:write", "keys:write", "security:write", "owners:write"]),
    );
    expect(can(person("admin"), "owners:write")).toBe(false);
    expect(can(person("admin"), "security:write")).toBe(false);
    expect(permissionsOf("admin")).toEqual(expect.arrayContaining([...SCOPES, "settings:write", "keys:write"]));
  });

  it("keeps Editors to the work and the site, Sales to the leads, Viewers to reading", () => {
    expect(permissionsOf("editor")).toEqual(["case_studies:read", "case_studies:write", "content:read", "content:write"]);
    expect(permissionsOf("sales")).toEqual(["case_studies:read", "content:read", "leads:read", "leads:write"]);
    expect(permissionsOf("viewer")).toEqual(["case_studies:read", "content:read"]);
  });

  it("lets a key do exactly what its scopes say, and never what only people do", () => {
    const key: Actor = { kind: "key", scopes: [...SCOPES] };
    expect(can({ kind: "key", scopes: ["leads:read"] }, "leads:read")).toBe(true);
    expect(can({ kind: "key", scopes: ["leads:read"] }, "leads:write")).toBe(false);
    for (const permission of ["settings:write", "keys:write", "security:write", "owners:write"] as const)
      expect(can(key, permission)).toBe(false);
  });

  it("lets only an Owner make, change or remove an Owner, and an Admin give every other role", () => {
    expect(canAssignRole(person("owner"), "owner", "admin")).toBe(true);
    expect(canAssignRole(person("owner"), null, "owner")).toBe(true);
    expect(canAssignRole(person("admin"), "owner", "admin")).toBe(false);
    expect(canAssignRole(person("admin"), "owner", null)).toBe(false);
    expect(canAssignRole(person("admin"), "editor", "owner")).toBe(false);
    expect(canAssignRole(person("admin"), "viewer", "sales")).toBe(true);
    expect(canAssignRole(person("editor"), "viewer", "sales")).toBe(false);
    expect(canAssignRole({ kind: "key", scopes: ["admins:write"] }, "viewer", "owner")).toBe(false);
  });
});
