import { expect, test } from "../fixtures";
import { expectNoAxeViolations } from "../support";
import { signIn, toast, unique } from "./helpers";

/**
 * "Sign out everywhere" on an admin's own edit page ends every session of theirs, in every browser.
 * Runs with JavaScript on and off. A throwaway admin of its own, so other tests' sessions are untouched.
 */
test("ends the admin's sessions in every browser, and is offered on their own edit page only", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const name = unique("Everywhere");
  const credentials = { email: `${name.split(" ").pop()}@studio.test`, password: "everywhere-password" };
  await signIn(page);
  const added = await page.request.post("/dashboard/users", { form: { name, ...credentials }, maxRedirects: 0 });
  expect(added.status()).toBeLessThan(400);

  // The other admin's edit page has no such action.
  await page.goto("/dashboard/users");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Admin" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out everywhere" })).toHaveCount(0);

  // The new admin, signed in here and in a second browser.
  await signIn(page, credentials);
  const elsewhere = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const other = await elsewhere.newPage();
  await signIn(other, credentials);
  await other.goto("/dashboard");
  await expect(other).toHaveURL("/dashboard");

  await page.goto("/dashboard/users");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const section = page.getByRole("form", { name: "Sign out everywhere" });
  await expect(section).toContainText("Ends every session of yours");
  // axe once per screen: on the hydrated page.
  if (javaScriptEnabled) await expectNoAxeViolations(page);
  await section.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL("/login");
  await expect(toast(page, "Signed out everywhere. Please log in again.")).toBeVisible();

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard");
  await other.goto("/dashboard/users");
  await expect(other).toHaveURL("/login?redirectTo=%2Fdashboard%2Fusers");
  await expect(toast(other, "Session expired. Please log in again.")).toBeVisible();
  await elsewhere.close();
});
