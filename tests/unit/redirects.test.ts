import { describe, expect, it } from "vitest";
import { dashboardTitle } from "~/content/dashboard";
import { safeRedirect } from "~/server/auth.server";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/users", "/dashboard/users"],
    ["/dashboard?tab=1", "/dashboard?tab=1"],
    ["", "/dashboard"],
    [null, "/dashboard"],
    ["https://evil.example/", "/dashboard"],
    ["//evil.example/", "/dashboard"],
    ["/\\evil.example/", "/dashboard"],
    ["dashboard", "/dashboard"],
  ])("%s goes to %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("dashboardTitle", () => {
  it.each([
    ["/dashboard", "Dashboard"],
    ["/dashboard/case-studies/list", "Dashboard"],
    ["/dashboard/users", "User Management"],
    ["/dashboard/settings", "Settings"],
  ])("%s is titled %s", (path, title) => {
    expect(dashboardTitle(path)).toBe(title);
  });
});
