import { expect, test } from "./fixtures";
import { demoCaseStudies } from "../../app/content/demo-case-studies";
import { demoStories } from "../../app/content/demo-case-study-stories";

// /sitemap.xml and /robots.txt, and the case study pages' metadata (server-rendered: the same with JS on and off).
const PUBLIC_PAGES = ["/", "/services", "/about", "/case-studies", "/contact", "/privacy", "/terms", "/disclaimer"];

test("/sitemap.xml lists every public page and every case study at its slug, with absolute URLs", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  expect(response.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  for (const path of PUBLIC_PAGES) expect(locs).toContain(baseURL + path);
  const studies = locs.filter((loc) => loc.startsWith(`${baseURL}/case-studies/`));
  expect(studies.sort()).toEqual(demoCaseStudies.map((study) => `${baseURL}/case-studies/${study.slug}`).sort());
  expect(locs).toHaveLength(PUBLIC_PAGES.length + demoCaseStudies.length);
  expect([...xml.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/g)].length).toBeGreaterThanOrEqual(demoCaseStudies.length);

  // Every listed study is a live page.
  for (const loc of studies) expect((await request.get(new URL(loc).pathname)).status()).toBe(200);
});

test("/robots.txt allows the site, keeps crawlers out of the dashboard, sign-in and API, and names the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toEqual(
    expect.arrayContaining([
      "User-agent: *",
      "Allow: /",
      "Disallow: /dashboard",
      "Disallow: /login",
      "Disallow: /api/",
      `Sitemap: ${baseURL}/sitemap.xml`,
    ]),
  );
});

test("the case studies list has a canonical URL per page and structured data", async ({ page, baseURL }) => {
  await page.goto("/case-studies");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", `${baseURL}/case-studies`);
  await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{50,}/);
  const ld = JSON.parse((await page.locator("script[type='application/ld+json']").first().textContent())!);
  expect(ld["@type"]).toBe("CollectionPage");
  expect(ld.mainEntity.itemListElement).toHaveLength(4);

  await page.goto("/case-studies?page=2");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", `${baseURL}/case-studies?page=2`);
});

test("a case study page describes itself for search engines and social previews", async ({ page, baseURL }) => {
  const study = [...demoCaseStudies].sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
  await page.goto("/case-studies");
  const href = (await page
    .getByRole("article")
    .first()
    .getByRole("link", { name: /^Read case study/ })
    .getAttribute("href"))!;
  await page.goto(href);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", baseURL + href);
  await expect(page.locator("meta[property='og:type']")).toHaveAttribute("content", "article");
  await expect(page.locator("meta[property='og:image']")).toHaveAttribute("content", baseURL + study.image);
  // The summary when the study has one (the demo's do), else the start of the insight.
  await expect(page.locator("meta[name=description]")).toHaveAttribute("content", demoStories[study.slug]!.summary);
  const ld = JSON.parse((await page.locator("script[type='application/ld+json']").first().textContent())!);
  expect(ld).toMatchObject({
    "@type": "CreativeWork",
    name: study.title,
    description: study.project_insight,
    image: baseURL + study.image,
    url: baseURL + href,
    author: { "@type": "Organization", name: "Northbeam Studio" },
  });
  expect(new Date(ld.dateCreated).getTime()).toBeLessThan(Date.now());
});
