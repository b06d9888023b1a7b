import { expect, test, type Locator, type Page } from "./fixtures";
import { messages } from "../../app/domain/messages";
import { viewports } from "./support";
import { randomAddress } from "../support/addresses";

/**
 * The contact form without JavaScript (docs/behaviour.md#contact-form): the Contact buttons lead to /contact, whose form
 * works fully with plain form posts: errors in the page, the confirmation as a status message.
 */

const form = (page: Page) => page.getByRole("region", { name: "Send us a Message" });
const tokenOf = (scope: Locator) => scope.locator('input[name="captchaToken"]').inputValue();

async function operands(scope: Locator): Promise<[number, number]> {
  const text = (await scope.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? "";
  const match = /^What is (\d+) \+ (\d+)\?$/.exec(text);
  expect(match, `question "${text}"`).not.toBeNull();
  return [Number(match![1]), Number(match![2])];
}

const typed = { name: "Katherine Johnson", email: "katherine@example.com", message: "We need a website for our lab." };

async function fill(scope: Locator) {
  await scope.getByLabel("Name").fill(typed.name);
  await scope.getByLabel("Email").fill(typed.email);
  await scope.getByLabel("Message").fill(typed.message);
}

/** Submits the page's form and returns the POST's response. */
async function submit(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === "POST"),
    form(page).getByRole("button", { name: "Send Message" }).click(),
  ]);
  await page.waitForLoadState();
  return response;
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
});

test.describe("wide screens (1280×800)", () => {
  test.use({ viewport: viewports.wide });

  test("the top bar's Contact link goes to /contact", async ({ page }) => {
    await page.goto("/");
    const contact = page.getByRole("banner").getByRole("link", { name: "Contact", exact: true });
    // Without JavaScript nothing pops up: a plain link, announced as one.
    await expect(contact).not.toHaveAttribute("aria-haspopup", /.*/);
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's build something together");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a wrong answer shows the error in the page with a new question and the typed fields kept", async ({ page }) => {
    await page.goto("/contact");
    const scope = form(page);
    await fill(scope);
    const [a, b] = await operands(scope);
    const token = await tokenOf(scope);
    await scope.getByPlaceholder("Enter the sum").fill(String(a + b + 1));

    const response = await submit(page);
    expect(response.status()).toBe(422);
    await expect(page).toHaveURL(/\/contact$/);
    const alert = form(page).getByRole("alert");
    await expect(alert).toHaveText("Incorrect math answer. Please try again.");
    // The error is tied to the answer box.
    const answer = form(page).getByPlaceholder("Enter the sum");
    await expect(answer).toHaveAttribute("aria-invalid", "true");
    await expect(answer).toHaveAttribute("aria-describedby", new RegExp(`${(await alert.getAttribute("id"))!.replace(/[-:]/g, "\\$&")}`));
    await expect(answer).toHaveValue("");

    await expect(form(page).getByLabel("Name")).toHaveValue(typed.name);
    await expect(form(page).getByLabel("Email")).toHaveValue(typed.email);
    await expect(form(page).getByLabel("Message")).toHaveValue(typed.message);
    expect(await tokenOf(form(page))).not.toBe(token);
    await expect(page.getByText(messages.contactSent)).toHaveCount(0);

    // The new question is answerable at once.
    const [c, d] = await operands(form(page));
    await form(page)
      .getByPlaceholder("Enter the sum")
      .fill(String(c + d));
    expect((await submit(page)).status()).toBe(302);
    await expect(page.getByRole("status").filter({ hasText: messages.contactSent })).toBeVisible();
  });
});

test.describe("small screens (390×844)", () => {
  test.use({ viewport: viewports.small });

  test("the bottom tab bar's Contact link goes to /contact", async ({ page }) => {
    await page.goto("/");
    await page.locator('nav[aria-label="Main"]:not(header nav)').getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form(page).getByLabel("Name")).toBeVisible();
  });

  test("a right answer shows the confirmation in the page with an empty form and a new question", async ({ page }) => {
    await page.goto("/contact");
    const scope = form(page);
    await fill(scope);
    const [a, b] = await operands(scope);
    const token = await tokenOf(scope);
    await scope.getByPlaceholder("Enter the sum").fill(String(a + b));

    const response = await submit(page);
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/contact");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("status").filter({ hasText: "Thanks! Your message has been sent." })).toBeVisible();
    for (const label of ["Name", "Email", "Message"]) await expect(form(page).getByLabel(label)).toHaveValue("");
    await expect(form(page).getByPlaceholder("Enter the sum")).toHaveValue("");
    expect(await tokenOf(form(page))).not.toBe(token);

    // A reload does not send it again (Post/Redirect/Get) and the confirmation is gone.
    await page.reload();
    await expect(page.getByText(messages.contactSent)).toHaveCount(0);
  });
});
