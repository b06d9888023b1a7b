import { expect, test } from "./fixtures";

/** /api/openapi.json (the OpenAPI 3.1 document) and /api/docs, its server-rendered reference for people. */

test("/api/openapi.json answers the OpenAPI 3.1 document as JSON", async ({ request, baseURL }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  expect(document.servers).toEqual([{ url: baseURL }]);
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(["/api/login", "/api/case-studies", "/api/case-studies/{id}", "/api/admins"]),
  );
  expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
});

test("/api/docs shows every operation with its authentication, fields and answers", async ({ page }) => {
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("API reference | Northbeam Studio");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Studio JSON API");

  const login = main.getByRole("article", { name: "POST /api/login", exact: true });
  await expect(login.getByRole("heading", { level: 3 })).toHaveText("POST /api/login");
  await expect(login.getByText("Authentication: None")).toBeVisible();
  const loginAnswers = login.getByRole("table", { name: "Responses" });
  for (const status of ["200", "401", "422", "429"])
    await expect(loginAnswers.getByRole("rowheader", { name: status, exact: true })).toBeVisible();

  const create = main.getByRole("article", { name: "POST /api/case-studies", exact: true });
  await expect(create.getByText(/Authentication: Bearer token, or session cookie \+ X-XSRF-TOKEN header/)).toBeVisible();
  const fields = create.getByRole("table", { name: /multipart\/form-data/ });
  const fieldRows: [string, "required" | "optional"][] = [
    ["title", "required"],
    ["technologies[n]", "optional"],
    ["outcomes[0][label]", "required"],
    ["outcomes[2][value]", "required"],
    ["image", "required"],
    ["website_url", "optional"],
  ];
  for (const [field, presence] of fieldRows) {
    await expect(fields.getByRole("rowheader", { name: `${field} ${presence}`, exact: true })).toBeVisible();
  }
  await expect(main.getByRole("heading", { level: 3, name: "DELETE /api/admins/{id}" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "GET /sanctum/csrf-cookie" })).toBeVisible();

  // A response's schema is a link to its description further down.
  await create.getByRole("table", { name: "Responses" }).getByRole("link", { name: "CaseStudy", exact: true }).first().click();
  await expect(page).toHaveURL(/#schema-CaseStudy$/);
  await expect(main.getByRole("heading", { level: 3, name: "CaseStudy", exact: true })).toBeInViewport();
  await expect(page.getByRole("link", { name: "OpenAPI document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
});
