import { beforeAll, describe, expect, it } from "vitest";
import { dashboardNav } from "~/components/dashboard/navigation";
import { createTestAdmin } from "../support/admins";
import { SESSION_LIFETIME_MS } from "~/domain/constants";
import { messages } from "~/domain/messages";
import { AdminModel } from "~/models/admin.server";
import { permissionsOf } from "~/domain/permissions";
import * as dashboard from "~/routes/dashboard";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import * as root from "~/root";
import { connectDb } from "~/server/db.server";
import { commitAdminSession, getSession, sessionStorage } from "~/server/auth.server";
import { refusal, sentByScript } from "../support/form-replies";
import { call, cookiesFrom, get, postForm } from "../support/remix";

const credentials = { email: "owner@example.com", password: "s3cure-enough" };

async function signIn(fields: Record<string, string> = credentials, { script = false } = {}) {
  const request = postForm("/login", fields);
  return call(loginRoute.action, script ? sentByScript(request) : request);
}

/** What the root loader would show as a toast for these cookies. */
async function toastFor(cookie: string) {
  const result = await call(root.loader, get("/login", cookie));
  return (result.data as { toast: { message: string; type: string } | null }).toast;
}

beforeAll(async () => {
  await connectDb();
  await createTestAdmin({ name: "Owner", ...credentials });
});

describe("login action", () => {
  it("signs in, sets a 4-hour HttpOnly SameSite=Lax session cookie and goes to /dashboard with a toast", async () => {
    const result = await signIn({ ...credentials, email: "OWNER@example.com" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");

    const session = result.headers.getSetCookie().find((line) => line.startsWith("__session="));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=14400/);
    expect(session).not.toMatch(/Secure/i);
    expect(SESSION_LIFETIME_MS).toBe(4 * 60 * 60 * 1000);

    expect(await toastFor(cookiesFrom(result.headers))).toMatchObject({ message: messages.loginSuccess, type: "success" });
  });

  it("returns to a same-site redirectTo, never to another site", async () => {
    const back = await signIn({ ...credentials, redirectTo: "/dashboard/users" });
    expect(back.headers.get("Location")).toBe("/dashboard/users");
    const away = await signIn({ ...credentials, redirectTo: "https://evil.example" });
    expect(away.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a wrong password with 401, the failure message and the email kept", async () => {
    const result = await signIn({ email: credentials.email, password: "wrong-password" });
    expect(result.status).toBe(401);
    expect(result.data).toMatchObject({ ok: false });
    // The message under the form, the email kept, never the password.
    expect(refusal(result.data)).toMatchObject({ message: messages.invalidCredentials, values: { email: credentials.email } });
    expect(refusal(result.data).values).not.toHaveProperty("password");
    expect(result.headers.getSetCookie().join()).not.toContain("__session=");
  });

  it("asks for both fields with 422", async () => {
    const result = await signIn({ email: "owner@example.com", password: "" });
    expect(result.status).toBe(422);
    expect(refusal(result.data)).toMatchObject({ message: "Please enter both email and password", values: { email: "owner@example.com" } });
  });

  it("sends a signed-in admin from /login straight to /dashboard", async () => {
    const cookie = cookiesFrom((await signIn()).headers);
    const result = await call(loginRoute.loader, get("/login", cookie));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
  });
});

describe("login with JavaScript", () => {
  it("answers with the destination and the toast, so the page can wait 2 s before going on", async () => {
    const result = await signIn({ ...credentials, redirectTo: "/dashboard/users" }, { script: true });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true, redirectTo: "/dashboard/users" });
    const cookies = cookiesFrom(result.headers);
    expect(cookies).toContain("__session=");
    expect(await toastFor(cookies)).toMatchObject({ message: messages.loginSuccess, type: "success" });
    expect(loginRoute.shouldRevalidate({ actionResult: result.data, defaultShouldRevalidate: true } as never)).toBe(false);
  });

  it("tells the page's script from a document post by the fetch metadata; without it, the redirect", async () => {
    const navigate = postForm("/login", credentials);
    for (const [name, value] of Object.entries({ "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" }))
      navigate.headers.set(name, value);
    const document = await call(loginRoute.action, navigate);
    expect(document.status).toBe(302);
    expect(document.headers.get("Location")).toBe("/dashboard");
    // A program's fetch() (Node's says Sec-Fetch-Mode: cors, no destination), or a browser without fetch metadata.
    const program = postForm("/login", credentials);
    program.headers.set("Sec-Fetch-Mode", "cors");
    expect((await call(loginRoute.action, program)).status).toBe(302);
    expect((await signIn()).status).toBe(302);
  });
});

describe("brute-force protection", () => {
  const from = (ip: string, fields: Record<string, string>) => {
    const request = postForm("/login", fields);
    request.headers.set("X-Forwarded-For", ip);
    return call(loginRoute.action, request);
  };

  it("refuses a 6th attempt after 5 failures for one email from one address with 429, even with the right password", async () => {
    await createTestAdmin({ name: "Target", email: "target@example.com", password: "right-password" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await from("203.0.113.7", { email: "target@example.com", password: `wrong-${attempt}` })).status).toBe(401);
    }
    const refused = await from("203.0.113.7", { email: "Target@example.com", password: "right-password" });
    expect(refused.status).toBe(429);
    expect(refusal(refused.data).message).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(refused.headers.getSetCookie().join()).not.toContain("__session=");

    // Another address, or another email from this address, is not affected.
    expect((await from("198.51.100.9", { email: "target@example.com", password: "right-password" })).status).toBe(302);
    expect((await from("203.0.113.7", { ...credentials })).status).toBe(302);
  });

  it("forgets the failures after a success", async () => {
    await createTestAdmin({ name: "Forgetful", email: "forgetful@example.com", password: "right-password" });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await from("192.0.2.44", { email: "forgetful@example.com", password: "nope-nope" });
    }
    expect((await from("192.0.2.44", { email: "forgetful@example.com", password: "right-password" })).status).toBe(302);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await from("192.0.2.44", { email: "forgetful@example.com", password: "nope-nope" })).status).toBe(401);
    }
    expect((await from("192.0.2.44", { email: "forgetful@example.com", password: "right-password" })).status).toBe(429);
  });

  it("does not count a form with a missing field as a failure", async () => {
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await from("192.0.2.55", { email: "owner@example.com", password: "" })).status).toBe(422);
    }
    expect((await from("192.0.2.55", credentials)).status).toBe(302);
  });
});

describe("dashboard guard", () => {
  it("redirects a visitor without a session to /login, remembering the page", async () => {
    const result = await call(dashboard.loader, get("/dashboard/users"));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fusers");
  });

  it("lets a signed-in admin in", async () => {
    const cookie = cookiesFrom((await signIn()).headers);
    const result = await call(dashboard.loader, get("/dashboard", cookie));
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      admin: { id: expect.any(String), name: "Owner", email: credentials.email },
      nav: dashboardNav.map((item) => item.to),
      unread: 0,
      permissions: permissionsOf("owner"),
      timeZone: "UTC",
    });
  });

  it("ends a session older than 4 hours on the server, with the session-expired toast", async () => {
    const admin = await AdminModel.findOne({ email: credentials.email }).lean();
    const issued = Date.now() - SESSION_LIFETIME_MS - 1000;
    const stale = cookiesFrom(new Headers({ "Set-Cookie": await commitAdminSession(get("/login"), admin!._id.toString(), issued) }));
    const result = await call(dashboard.loader, get("/dashboard", stale));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toMatch(/^\/login/);
    const after = cookiesFrom(result.headers, stale);
    expect(after).not.toContain("__session=");
    expect(await toastFor(after)).toMatchObject({ message: messages.sessionExpired, type: "error", duration: 3000 });
  });

  it("ends a session that carries no end at all, as an expired one", async () => {
    const admin = await AdminModel.findOne({ email: credentials.email }).lean();
    const session = await getSession(get("/login"));
    session.set("adminId", admin!._id.toString());
    const endless = cookiesFrom(new Headers({ "Set-Cookie": await sessionStorage().commitSession(session) }));
    const result = await call(dashboard.loader, get("/dashboard", endless));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toMatch(/^\/login/);
    const after = cookiesFrom(result.headers, endless);
    expect(after).not.toContain("__session=");
    expect(await toastFor(after)).toMatchObject({ message: messages.sessionExpired, type: "error" });
  });

  it("keeps a session just under 4 hours old", async () => {
    const admin = await AdminModel.findOne({ email: credentials.email }).lean();
    const issued = Date.now() - SESSION_LIFETIME_MS + 60_000;
    const fresh = cookiesFrom(new Headers({ "Set-Cookie": await commitAdminSession(get("/login"), admin!._id.toString(), issued) }));
    expect((await call(dashboard.loader, get("/dashboard", fresh))).status).toBe(200);
  });

  it("refuses a tampered cookie", async () => {
    const cookie = cookiesFrom((await signIn()).headers);
    const tampered = cookie.replace(/__session=([^;.]+)/, "__session=$1x");
    expect((await call(dashboard.loader, get("/dashboard", tampered))).status).toBe(302);
  });

  it("shuts out an admin who was deleted while signed in", async () => {
    await createTestAdmin({ name: "Temp", email: "temp@example.com", password: "temporary1" });
    const cookie = cookiesFrom((await signIn({ email: "temp@example.com", password: "temporary1" })).headers);
    await AdminModel.deleteOne({ email: "temp@example.com" });
    expect((await call(dashboard.loader, get("/dashboard", cookie))).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("logout", () => {
  it("clears the session and says so on /login", async () => {
    const cookie = cookiesFrom((await signIn()).headers);
    const result = await call(logoutRoute.action, postForm("/logout", {}, cookie));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login");
    const after = cookiesFrom(result.headers, cookie);
    expect(after).not.toContain("__session=");
    expect(await toastFor(after)).toMatchObject({ message: messages.logoutSuccess, duration: 2000 });
    expect((await call(dashboard.loader, get("/dashboard", after))).status).toBe(302);
  });

  it("succeeds without any session too", async () => {
    const result = await call(logoutRoute.action, postForm("/logout", {}));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login");
  });
});
