import { expect, type Locator, type Page } from "@playwright/test";
import { imageBytes } from "../../support/factories";
import { toast } from "./helpers";

/** Shared steps of the case study e2e specs. Everything a test creates has a unique() title and is deleted by it. */

export const LIST = "/dashboard/case-studies/list";
export const UPLOAD = "/dashboard/case-studies/upload";

/** A real PNG made in the test (no binary fixtures in the repository), as setInputFiles takes it. */
export async function pngFile(name = "cover.png", background = { r: 59, g: 80, b: 230 }) {
  return { name, mimeType: "image/png", buffer: Buffer.from(await imageBytes("png", 960, 600, { background })) };
}

export type Typed = {
  title: string;
  client: string;
  industry: string;
  insight: string;
  technologies: string;
  outcomes: [string, string][];
  website: string;
};

export function sample(title: string): Typed {
  return {
    title,
    client: "Harbor Logistics",
    industry: "Logistics",
    insight: "Route planning moved from spreadsheets to a live dashboard used by every depot.",
    technologies: "React, Node.js, MongoDB",
    outcomes: [
      ["Planning time", "-60%"],
      ["On-time deliveries", "98%"],
      ["Depots live", "14"],
    ],
    website: "https://harbor.example",
  };
}

export const outcome = (page: Page, index: number) => page.getByRole("group", { name: `Outcome ${index + 1}` });

export async function fillForm(page: Page, typed: Typed) {
  await page.getByLabel("Case Study Title").fill(typed.title);
  await page.getByLabel("Client").fill(typed.client);
  await page.getByLabel("Industry").fill(typed.industry);
  await page.getByLabel("Project Insight").fill(typed.insight);
  await page.getByLabel("Technologies").fill(typed.technologies);
  await page.getByLabel("Website URL").fill(typed.website);
  for (const [index, [label, value]] of typed.outcomes.entries()) {
    await outcome(page, index).getByLabel("Label").fill(label);
    await outcome(page, index).getByLabel("Value").fill(value);
  }
}

export async function expectFormHolds(page: Page, typed: Typed) {
  await expect(page.getByLabel("Case Study Title")).toHaveValue(typed.title);
  await expect(page.getByLabel("Client")).toHaveValue(typed.client);
  await expect(page.getByLabel("Industry")).toHaveValue(typed.industry);
  await expect(page.getByLabel("Project Insight")).toHaveValue(typed.insight);
  await expect(page.getByLabel("Technologies")).toHaveValue(typed.technologies);
  await expect(page.getByLabel("Website URL")).toHaveValue(typed.website);
  for (const [index, [label, value]] of typed.outcomes.entries()) {
    await expect(outcome(page, index).getByLabel("Label")).toHaveValue(label);
    await expect(outcome(page, index).getByLabel("Value")).toHaveValue(value);
  }
}

/** The card of a title in the list. */
export const card = (page: Page, title: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Uploads a case study through the form and waits for the list (after the 2 s wait with JavaScript). */
export async function createThroughForm(page: Page, title: string) {
  await page.goto(UPLOAD);
  await fillForm(page, sample(title));
  await page.getByLabel("Case Study Image").setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(toast(page, "Case Study Uploaded Successfully!")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 10_000 });
  await expect(card(page, title)).toBeVisible();
}

/** The id of a listed case study, from its Edit link. */
export async function idOf(page: Page, title: string): Promise<string> {
  const href = await card(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .getAttribute("href");
  return href!.split("/").pop()!;
}

/** Removes what a test created (never the seeded demo studies), through the confirmation page's action. */
export async function removeCreated(page: Page, title: string) {
  await page.goto(LIST);
  if ((await card(page, title).count()) === 0) return;
  const id = await idOf(page, title);
  const response = await page.request.post(`/dashboard/case-studies/${id}/delete`, { form: { intent: "delete", id }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}
