import { expect, test, type Page } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { viewports } from "./support";

// The public case studies (docs/behaviour.md#case-studies), with JavaScript on and off, as one journey per project: with
// JavaScript on a wide screen, without on a phone (the layout, which no script changes, is checked at both widths in
// case-studies.nojs.spec.ts, with the images' markup). The server is seeded with the 8 demo studies. The axe checks are
// in case-studies.js.spec.ts. The loaders' answers (a page out of range redirected, an old id's 301 with its query and
// canonical address, an unknown id's 404) are proven in tests/integration/public-case-studies.test.ts and
// case-study-addresses.test.ts.
const newestFirst = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo);

const studies = (page: Page) => page.getByRole("article");
const pagesNav = (page: Page) => page.getByRole("navigation", { name: "Case studies pages" });

async function expectPageOfStudies(page: Page, expected: typeof demoCaseStudies) {
  await expect(studies(page).getByRole("heading", { level: 2 })).toHaveText(expected.map((study) => study.title));
  for (const study of expected) {
    const article = studies(page).filter({ has: page.getByRole("heading", { name: study.title, exact: true }) });
    await expect(article.getByText(study.client, { exact: true })).toBeVisible();
    await expect(article.getByText(study.industry, { exact: true })).toBeVisible();
    await expect(article.getByText(study.project_insight)).toBeAttached();
    await expect(article.getByRole("list", { name: "Technologies" }).getByRole("listitem")).toHaveText(study.technologies);
    for (const outcome of study.outcomes) {
      await expect(article.getByText(outcome.value, { exact: true })).toBeVisible();
      await expect(article.getByText(outcome.label, { exact: true })).toBeVisible();
    }
    await expect(article.getByRole("link", { name: /^Read case study/ })).toHaveAttribute("href", `/case-studies/${study.slug}`);
    // "Visit Website" only when the study has a website, in a new tab without the opener.
    const visit = article.getByRole("link", { name: /^Visit Website/ });
    if (study.website_url) {
      await expect(visit).toHaveAttribute("href", study.website_url);
      await expect(visit).toHaveAttribute("target", "_blank");
      await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
    } else {
      await expect(visit).toHaveCount(0);
    }
  }
}

test("the list pages through the studies; a study's page shows all of it, with or without a website; an unknown one is a 404 in the frame", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  await page.setViewportSize(javaScriptEnabled ? viewports.wide : viewports.small);

  await test.step("the list shows the 4 newest studies first, and page 2 through the numbered button", async () => {
    const response = await page.goto("/case-studies");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Case Studies | Northbeam Studio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Studies");
    await expectPageOfStudies(page, newestFirst.slice(0, 4));
    // Some studies of the demo have no website: the link is not offered for them.
    expect(newestFirst.slice(0, 4).some((study) => !study.website_url)).toBe(true);
    await expect(page.getByRole("link", { name: /^Visit Website/ })).toHaveCount(
      newestFirst.slice(0, 4).filter((s) => s.website_url).length,
    );

    await expect(pagesNav(page).getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pagesNav(page).getByRole("link", { name: "Page 2", exact: true })).not.toHaveAttribute("aria-current");

    await pagesNav(page).getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\/case-studies\?page=2$/);
    await expectPageOfStudies(page, newestFirst.slice(4, 8));
    await expect(pagesNav(page).getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pagesNav(page).getByRole("link", { name: "Page 1", exact: true })).not.toHaveAttribute("aria-current");
    await expect(pagesNav(page).getByRole("link", { name: /^Next/ })).toHaveCount(0);

    await pagesNav(page)
      .getByRole("link", { name: /^Previous/ })
      .click();
    await expect(page).toHaveURL(/\/case-studies$/);
    await expect(studies(page).first().getByRole("heading", { level: 2 })).toHaveText(newestFirst[0]!.title);
  });

  await test.step("a study's own page shows all of it, and links back to the list", async () => {
    const study = newestFirst[0]!;
    await studies(page)
      .first()
      .getByRole("link", { name: /^Read case study/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/case-studies/${study.slug}$`));
    await expect(page).toHaveTitle(`${study.title} | ${study.client} case study | Northbeam Studio`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
    // The demo entries have alt texts (docs/behaviour.md#case-studies).
    const image = page.getByRole("img", { name: study.image_alt, exact: true });
    await expect(image).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w/);
    await expect(image).toHaveAttribute("width", "1600");
    await expect(image).toHaveAttribute("height", "1000");
    await expect(page.getByText(study.project_insight)).toBeVisible();
    const details = page.getByRole("complementary", { name: "Project details" });
    await expect(details.getByText(study.client, { exact: true })).toBeVisible();
    await expect(details.getByText(study.industry, { exact: true })).toBeVisible();
    await expect(details.getByRole("list", { name: "Technologies" }).getByRole("listitem")).toHaveText(study.technologies);
    for (const outcome of study.outcomes) {
      await expect(page.getByText(outcome.value, { exact: true })).toBeVisible();
      await expect(page.getByText(outcome.label, { exact: true })).toBeVisible();
    }
    const visit = page.getByRole("link", { name: /^Visit Website/ });
    await expect(visit).toHaveAttribute("href", study.website_url!);
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
    // Inside the site frame.
    await expect(page.getByRole("contentinfo")).toBeVisible();

    await page.getByRole("link", { name: "All case studies" }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Studies");
  });

  await test.step("a study without a website offers no Visit Website link on its page", async () => {
    const study = newestFirst.find((candidate) => !candidate.website_url)!;
    await studies(page)
      .filter({ has: page.getByRole("heading", { name: study.title }) })
      .getByRole("link", { name: /^Read case study/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(study.title);
    await expect(page.getByRole("link", { name: /^Visit Website/ })).toHaveCount(0);
  });

  await test.step("an unknown or malformed id answers a 404 page inside the site frame", async () => {
    for (const id of ["0123456789abcdef01234567", "not-a-real-id"]) {
      const response = await page.goto(`/case-studies/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Case study not found | Northbeam Studio");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case study not found");
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to case studies" }).click();
    await expect(page).toHaveURL(/\/case-studies$/);
    await expect(studies(page)).toHaveCount(4);
  });
});
