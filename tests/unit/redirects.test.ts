import { describe, expect, it } from "vitest";
import { dashboardTitle } from "~/components/dashboard/navigation";
import { safeRedirect } from "~/server/auth.server";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/users", "/dashboard/users"],
    ["/dashboard?tab=1", "/dashboard?tab=1"],
    ["/dashboard/users#top", "/dashboard/users#top"],
    ["/dashboard/../dashboard/users", "/dashboard/users"],
    ["/case-studies?q=a%20b", "/case-studies?q=a%20b"],
    ["", "/dashboard"],
    [null, "/dashboard"],
    ["dashboard", "/dashboard"],
  ])("%s goes to %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  // Each of these has taken some site's users elsewhere; none may leave this one.
  it.each([
    "https://evil.example/",
    "http:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "/\\/evil.example/",
    "\\evil.example",
    "/\t/evil.example/phish",
    "/\n/x",
    "/\r\n/evil.example",
    "/ /evil.example",
    "/\u00a0/evil.example",
    "/%09/evil.example/phish",
    "/%2F%09%2Fevil.example%2Fphish",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "/%5C/evil.example",
    "/%0a/x",
    "/%0D%0ALocation:%20https://evil.example",
    "/%E0%A4%A",
    " /dashboard",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/dashboard");
  });

  it("decodes the query string form the login page receives (a tab, then a host)", () => {
    const fromQuery = new URL("http://localhost/login?redirectTo=%2F%09%2Fevil.example%2Fphish").searchParams.get("redirectTo");
    expect(fromQuery).toBe("/\t/evil.example/phish");
    expect(safeRedirect(fromQuery)).toBe("/dashboard");
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
