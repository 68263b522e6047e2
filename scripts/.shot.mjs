import { chromium } from "@playwright/test";
const [,, email, path, out, theme] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--disable-background-networking","--disable-component-update","--no-first-run","--disable-sync"] });
const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
await page.goto("http://localhost:3000/login");
if (theme) await page.evaluate((t) => localStorage.setItem("ui-theme", t), theme);
await page.fill("input[type=email]", email);
await page.fill("input[type=password]", "maia-demo");
await page.click("button[type=submit]");
await page.waitForURL(/organization/);
if (path) { const url = new URL(page.url()); const org = url.pathname.split("/")[2]; await page.goto(`http://localhost:3000/organization/${org}/${path}`); }
await page.waitForLoadState("networkidle");
await page.screenshot({ path: out });
console.log(page.url(), await page.title());
await browser.close();
