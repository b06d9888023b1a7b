import { expect, test, type Locator, type Page } from "./fixtures";
import { messages } from "../../app/domain/messages";
import { viewports } from "./support";
import { randomAddress } from "../support/addresses";

/**
 * The contact form without JavaScript (docs/behaviour.md#contact-form): the Contact buttons lead to /contact, whose form
 * works fully with plain form posts: errors in the page, the confirmation as a status message. The action's statuses
 * (422, the 302 to /contact) are proven in tests/integration/contact.test.ts.
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

/** Submits the page's form and waits for the page it leads to. */
async function submit(page: Page) {
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === "POST"),
    form(page).getByRole("button", { name: "Send Message" }).click(),
  ]);
  await page.waitForLoadState();
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
});

test("both bars' Contact links go to /contact, whose form shows a wrong answer in the page, then confirms a right one", async ({
  page,
}) => {
  test.slow();
  await test.step("small screens: the bottom tab bar's Contact link goes to /contact", async () => {
    await page.setViewportSize(viewports.small);
    await page.goto("/");
    await page.locator('nav[aria-label="Main"]:not(header nav)').getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form(page).getByLabel("Name")).toBeVisible();
  });

  await test.step("wide screens: the top bar's Contact link goes to /contact", async () => {
    await page.setViewportSize(viewports.wide);
    await page.goto("/");
    const contact = page.getByRole("banner").getByRole("link", { name: "Contact", exact: true });
    // Without JavaScript nothing pops up: a plain link, announced as one.
    await expect(contact).not.toHaveAttribute("aria-haspopup", /.*/);
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's build something together");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  await test.step("a wrong answer shows the error in the page with a new question and the typed fields kept", async () => {
    // On a phone the form starts a screen and a half down: the refusal opens at it, its messages in view.
    await page.setViewportSize(viewports.small);
    const scope = form(page);
    await fill(scope);
    const [a, b] = await operands(scope);
    const token = await tokenOf(scope);
    await scope.getByPlaceholder("Enter the sum").fill(String(a + b + 1));

    await submit(page);
    await expect(page).toHaveURL(/\/contact#contact-send-message$/);
    const alert = form(page).getByRole("alert");
    await expect(alert).toHaveText("Incorrect math answer. Please try again.");
    await expect(form(page).getByRole("heading", { name: "Send us a Message" })).toBeInViewport();
    await expect(alert).toBeInViewport();
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
  });

  await test.step("the new question, answered, shows the confirmation in the page with an empty form and a new question", async () => {
    const [c, d] = await operands(form(page));
    const token = await tokenOf(form(page));
    await form(page)
      .getByPlaceholder("Enter the sum")
      .fill(String(c + d));
    await submit(page);
    // At the top, where the confirmation is, not at the form's fragment.
    await expect(page).toHaveURL(/\/contact#top$/);
    await expect(page.getByRole("status").filter({ hasText: "Thanks! Your message has been sent." })).toBeInViewport();
    for (const label of ["Name", "Email", "Message"]) await expect(form(page).getByLabel(label)).toHaveValue("");
    await expect(form(page).getByPlaceholder("Enter the sum")).toHaveValue("");
    expect(await tokenOf(form(page))).not.toBe(token);
  });

  await test.step("a reload does not send it again (Post/Redirect/Get) and the confirmation is gone", async () => {
    await page.reload();
    await expect(page.getByText(messages.contactSent)).toHaveCount(0);
  });
});
