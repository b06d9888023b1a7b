import type { Page } from "@playwright/test";
import { e2eAdmin } from "../../../playwright.config";
import { expect, test } from "../fixtures";
import { LIST, pngFile, removeCreated, sample } from "./case-studies-support";
import { signIn, toast, unique, checkScreen } from "./helpers";

/**
 * A case study's history (docs/behaviour.md#history), with JavaScript on and off: two edits of its title, the
 * history listing them, a version's change field by field, and a restore that comes back as a new version.
 */

async function createThroughApi(page: Page, title: string): Promise<string> {
  const login = await page.request.post("/api/login", { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  const { token } = (await login.json()) as { token: string };
  const typed = sample(title);
  const response = await page.request.post("/api/case-studies", {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    multipart: {
      title: typed.title,
      client: typed.client,
      industry: typed.industry,
      project_insight: typed.insight,
      technologies: typed.technologies,
      ...Object.fromEntries(
        typed.outcomes.flatMap(([label, value], index) => [
          [`outcomes[${index}][label]`, label],
          [`outcomes[${index}][value]`, value],
        ]),
      ),
      image: await pngFile(),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function renameThroughForm(page: Page, id: string, title: string) {
  await page.goto(`/dashboard/case-studies/edit/${id}`);
  await page.getByLabel("Case Study Title").fill(title);
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toast(page, "Case Study Updated Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
}

test("a case study's history: two edits listed, a change shown field by field, the first version restored as a new one", async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  const first = unique("History study");
  const id = await createThroughApi(page, first);
  try {
    await renameThroughForm(page, id, `${first} renamed`);
    await renameThroughForm(page, id, `${first} renamed again`);

    await page.goto(`/dashboard/case-studies/edit/${id}`);
    await page.getByRole("link", { name: "History", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case-studies/${id}/history$`));
    const versions = page.getByRole("main").getByRole("listitem");
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText(/^Version 3 · Published · Studio Admin · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    await expect(versions.last()).toContainText("Version 1 · Published");
    await checkScreen(page);

    await versions.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 2, name: `Version 3: ${first} renamed again` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What changed since version 2" })).toBeVisible();
    const change = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Title", exact: true }) });
    await expect(change).toContainText(`Before${first} renamed`);
    await expect(change).toContainText(`After${first} renamed again`);
    await checkScreen(page);

    await page.goto(`/dashboard/case-studies/${id}/history/1`);
    await page.getByRole("button", { name: "Restore this version" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case-studies/${id}/history$`));
    await expect(toast(page, "Version 1 restored as a new version.")).toHaveCount(1);
    await expect(versions).toHaveCount(4);
    await expect(versions.first()).toContainText(/^Version 4 · Published · Studio Admin · .* · restored from 1$/);

    await page.goto(`/dashboard/case-studies/edit/${id}`);
    await expect(page.getByLabel("Case Study Title")).toHaveValue(first);
  } finally {
    await removeCreated(page, first);
  }
});
