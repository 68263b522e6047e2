// Temporary: screenshots of the fabric pages (not committed).
import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://localhost:3212";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const sizes = { laptop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const only = process.env.ONLY;
for (const lang of ["en", "fr"]) {
  for (const theme of ["light", "dark"]) {
    for (const [size, viewport] of Object.entries(sizes)) {
      if (only && !`${lang}-${theme}-${size}`.includes(only)) continue;
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.evaluate((t) => localStorage.setItem("ui-theme", t), theme);
      await page.getByLabel(/^(Email|E-mail)$/).fill("admin@northwind.example");
      await page.getByLabel(/^(Password|Mot de passe)$/).fill("maia-demo");
      await page.getByRole("button", { name: /^(Sign in|Se connecter)$/ }).click();
      await page.waitForURL(/\/organization\/[^/]+\//);
      await context.addCookies([{ name: "NEXT_LOCALE", value: lang, url: base }]);
      const org = /\/organization\/([^/]+)/.exec(page.url())[1];
      const shot = async (name) => {
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/shots-fabrics/${name}-${lang}-${theme}-${size}.png`, fullPage: true });
      };
      await page.goto(`${base}/organization/${org}/msp/dashboard`);
      await page.getByTestId("msp-core-fabrics").waitFor();
      await shot("dashboard");
      await page.goto(`${base}/organization/${org}/msp/coreFabric`);
      await page.getByTestId("core-fabric-row").first().waitFor();
      await shot("core-fabrics");
      await page.getByTestId("core-fabric-row").first().getByRole("link").click();
      await page.getByTestId("fabric-link-row").first().waitFor();
      await shot("core-fabric");
      await page.getByTestId("edit-links").click();
      await page.getByTestId("add-link-row").click();
      const row = page.getByTestId("link-row").last();
      await row.getByTestId("link-source-node").click();
      await page.getByRole("option").first().click();
      await row.getByTestId("link-mtu").fill("100");
      await page.getByTestId("link-row").first().getByTestId("link-remove").click();
      await page.getByTestId("save-links").click();
      await page.waitForTimeout(300);
      await shot("link-editor");
      await page.goto(`${base}/organization/${org}/msp/externalFabric`);
      await page.getByTestId("external-fabric-row").first().waitFor();
      await shot("external-fabrics");
      await page.getByTestId("external-fabric-row").first().getByRole("link").click();
      await page.getByTestId("external-fabric-account").waitFor();
      await shot("external-fabric");
      await page.getByTestId("edit-external-fabric").click();
      await page.getByTestId("external-fabric-dialog").waitFor();
      await shot("external-fabric-edit");
      await context.close();
    }
  }
}
await browser.close();
