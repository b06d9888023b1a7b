import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations, viewports } from "./support";

/**
 * /api/openapi.json (the OpenAPI 3.1 document) and /api/docs, its server-rendered reference for people. The
 * reference has no script-only parts, so it is checked once, without JavaScript (csp.js.spec.ts loads it with
 * JavaScript on). The document's contract is proven in tests/integration/api-contract.test.ts.
 */

test("/api/openapi.json answers the OpenAPI 3.1 document as JSON, for this server", async ({ request, baseURL }) => {
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

/**
 * Takes the reference's repeats out of the page before axe runs: every operation uses one component and every schema
 * another, so axe judges the first operation of each method (its badge has a colour of its own), the first with
 * parameters, the first with a request body, and the first schema with fields and without; the rest only repeat
 * their markup. Removed rather than excluded: axe walks an excluded node all the same.
 */
async function removeRepeats(page: Page) {
  const skipped = await page.evaluate(() => {
    const kept = new Set<Element>();
    const keepFirst = (elements: Element[], key: (element: Element) => string | null) => {
      const seen = new Set<string>();
      for (const element of elements) {
        const value = key(element);
        if (value === null || seen.has(value)) continue;
        seen.add(value);
        kept.add(element);
      }
    };
    const operations = [...document.querySelectorAll("main article")];
    keepFirst(operations, (article) => article.querySelector("h3 span")?.textContent ?? "");
    const captions = (article: Element) => [...article.querySelectorAll("caption")].map((caption) => caption.textContent ?? "");
    keepFirst(operations, (article) => (captions(article).includes("Parameters") ? "parameters" : null));
    keepFirst(operations, (article) => (captions(article).some((caption) => caption.startsWith("Request body")) ? "body" : null));
    const schemas = [...document.querySelectorAll('section[aria-labelledby="schemas"] > div')];
    keepFirst(schemas, (schema) => (schema.querySelector("table") ? "fields" : "type"));
    let count = 0;
    for (const element of [...operations, ...schemas]) {
      if (kept.has(element)) continue;
      element.remove();
      count++;
    }
    return { count, kept: kept.size };
  });
  expect(skipped.kept, "operations and schemas left for axe").toBeGreaterThanOrEqual(5);
  expect(skipped.count, "repeats left out").toBeGreaterThan(0);
}

test("/api/docs shows every operation with its authentication, fields and answers, fits both screens, has no axe violations", async ({
  page,
}) => {
  // axe on the long reference, even without its repeats: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.wide);
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("API reference | Northbeam Studio");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Studio JSON API");
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await test.step("the operations, their authentication, fields and answers", async () => {
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

  await test.step("on a phone: no sideways scrolling, no axe violations", async () => {
    await page.setViewportSize(viewports.small);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await removeRepeats(page);
    await expectNoAxeViolations(page);
  });
});
