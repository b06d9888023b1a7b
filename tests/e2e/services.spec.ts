import { expect, test, type Page } from "./fixtures";
import { getStartedMessage } from "../../app/domain/page-content";
import { services } from "../../app/content/services";
import { site } from "../../app/content/site";
import { expectNoAxeViolations, stopTime, viewports } from "./support";

// The Services page with JavaScript on and off: links, Get Started, accessibility, as one journey per project: with
// JavaScript on a wide screen, without on a phone (the layout is the same markup either way; the rotation's controls,
// only with JavaScript, are the same at every width). Each service's details and the metadata, server markup no script
// changes, are checked once in services.nojs.spec.ts.

const names = [
  "Custom Software Development",
  "Website Development",
  "Application Development",
  "Video Editing",
  "Digital Marketing",
  "Graphic Design",
  "UI/UX Design",
];

const serviceList = (page: Page) => page.getByRole("navigation", { name: "Services" });
const shownService = (page: Page) => page.locator("main section[data-selected]").getByRole("heading", { level: 2 });

/** The studio's WhatsApp chat link, as the footer shows it (https://wa.me/<digits>). */
async function whatsAppBase(page: Page) {
  const href = await page.getByRole("contentinfo").getByRole("link", { name: "WhatsApp" }).getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+$/);
  return href!;
}

test("lists the 7 services as links to ?service=<slug>, shows the chosen one with its Get Started chat, and has no axe violations", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  await page.setViewportSize(javaScriptEnabled ? viewports.wide : viewports.small);
  await stopTime(page, javaScriptEnabled);

  await test.step("an unknown ?service= shows the first service; the list links to each", async () => {
    const response = await page.goto("/services?service=no-such-service");
    expect(response?.status()).toBe(200);
    await expect(shownService(page)).toHaveText(names[0]!);
    const links = serviceList(page).getByRole("link");
    await expect(links).toHaveText(names);
    for (const service of services) {
      await expect(serviceList(page).getByRole("link", { name: service.title, exact: true })).toHaveAttribute(
        "href",
        `/services?service=${service.slug}`,
      );
    }
    await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText(names[0]!);
  });

  await test.step("choosing a service in the list shows it", async () => {
    await serviceList(page).getByRole("link", { name: "Video Editing" }).click();
    await expect(shownService(page)).toHaveText("Video Editing");
    await expect(serviceList(page).locator('[aria-current="true"]')).toHaveText("Video Editing");
    await serviceList(page).getByRole("link", { name: "UI/UX Design" }).click();
    await expect(shownService(page)).toHaveText("UI/UX Design");
  });

  await test.step("Get Started opens a WhatsApp chat in a new tab, prefilled with the chosen service", async () => {
    await serviceList(page).getByRole("link", { name: "Digital Marketing" }).click();
    await expect(shownService(page)).toHaveText("Digital Marketing");
    const base = await whatsAppBase(page);
    const getStarted = page.getByRole("link", { name: /^Get Started/ });
    await expect(getStarted).toHaveCount(1);
    const service = services.find((entry) => entry.slug === "digital-marketing")!;
    // Through the site's counter: the new tab follows its 302 to the chat with the prefilled text.
    await expect(getStarted).toHaveAttribute("href", "/go/whatsapp?service=digital-marketing&from=/services");
    await expect(getStarted).toHaveAttribute("target", "_blank");
    await expect(getStarted).toHaveAttribute("rel", "noopener noreferrer");
    // The request the new tab makes once redirected (wa.me itself may be out of reach from the test machine).
    const [chatRequest, chat] = await Promise.all([
      page.context().waitForEvent("request", (request) => request.url().startsWith("https://wa.me/")),
      page.waitForEvent("popup"),
      getStarted.click(),
    ]);
    // The browser escapes the apostrophe when it follows a redirect (%27): the address and the text are the same.
    const chatUrl = new URL(chatRequest.url());
    expect(`${chatUrl.origin}${chatUrl.pathname}`).toBe(base);
    expect(chatUrl.searchParams.get("text")).toBe(getStartedMessage(site.name, service));
    expect(chatRequest.redirectedFrom()?.url()).toMatch(/\/go\/whatsapp\?service=digital-marketing&from=\/services$/);
    await chat.close();

    await serviceList(page).getByRole("link", { name: "Website Development" }).click();
    const selected = page.locator("main section[data-selected]");
    await expect(selected.getByRole("heading", { level: 2 })).toHaveText("Website Development");
    await expect(selected.getByRole("link", { name: /^Get Started/ })).toHaveAttribute("href", /service=website-development&/);
    // Once the previous service has faded out, one Get Started link is left.
    await expect(page.getByRole("link", { name: /^Get Started/ })).toHaveCount(1);
  });

  await test.step("no axe violations with a service selected", async () => {
    // axe waits on timers: time runs again for it (the rotation moving on meanwhile changes no markup axe judges).
    if (javaScriptEnabled) await page.clock.resume();
    await expectNoAxeViolations(page);
  });
});
