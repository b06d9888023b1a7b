import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const [w, h] = (process.env.VP ?? "390x844").split("x").map(Number);
const page = await browser.newPage({ viewport: { width: w, height: h }, javaScriptEnabled: !process.env.NOJS });
for (let i = 0; i < 40; i++) { try { const r = await page.request.get("http://localhost:3222/"); if (r.status() === 200) break; } catch {} await new Promise(r => setTimeout(r, 500)); }
if (!process.env.ANON) await page.request.post("http://localhost:3222/login", { form: { email: "e2e-admin@example.com", password: "e2e-password-123" }, maxRedirects: 0 });
await page.goto("http://localhost:3222" + process.env.P);
if (process.env.EVAL) await page.evaluate(process.env.EVAL);
await page.waitForTimeout(Number(process.env.WAIT ?? 300));
await page.screenshot({ path: process.env.OUT ?? "/tmp/h2-shot.png", fullPage: !!process.env.FULL });
console.log(await page.evaluate(() => [document.title, document.documentElement.scrollWidth, document.documentElement.scrollHeight]));
await browser.close();
