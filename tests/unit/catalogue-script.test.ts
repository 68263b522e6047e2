import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { CATALOGUE_GLOBAL, clientCatalogue } from "@/lib/i18n/client-catalogue";
import { MESSAGES } from "@/lib/i18n/messages";
import { catalogueScriptUrls, findCatalogueScript } from "@/server/i18n/catalogue-script";

// The browser's catalogue, one script per language at an address naming its content (server/i18n/catalogue-script.ts).

describe("the catalogue scripts", () => {
  it("define each language's catalogue for the browser, without the namespace only the server speaks", () => {
    const urls = catalogueScriptUrls();
    for (const locale of ["en", "fr"] as const) {
      expect(urls[locale]).toMatch(new RegExp(`^/catalogue/${locale}\\.[0-9a-f]{16}\\.js$`));
      const script = findCatalogueScript(urls[locale].split("/").pop()!);
      expect(script?.current).toBe(true);
      const page: Record<string, Record<string, unknown>> = { self: {} };
      page.self = page;
      vm.runInNewContext(script!.body, page);
      expect(page[CATALOGUE_GLOBAL][locale]).toEqual(clientCatalogue(MESSAGES[locale]));
      expect(page[CATALOGUE_GLOBAL][locale]).not.toHaveProperty("assistant");
      expect(MESSAGES[locale]).toHaveProperty("assistant");
    }
    // The server's render of the same components reads them where the browser's scripts put them.
    expect((globalThis as unknown as Record<string, unknown>)[CATALOGUE_GLOBAL]).toEqual({ en: clientCatalogue(MESSAGES.en), fr: clientCatalogue(MESSAGES.fr) });
    // Two languages, two contents, two addresses.
    expect(urls.en.split(".")[1]).not.toBe(urls.fr.split(".")[1]);
  });

  it("answer an older version with today's catalogue, not to be kept, and nothing else", () => {
    const today = findCatalogueScript(catalogueScriptUrls().fr.split("/").pop()!);
    expect(findCatalogueScript("fr.0000000000000000.js")).toEqual({ body: today!.body, current: false });
    for (const file of ["de.0000000000000000.js", "fr.js", "fr.0000000000000000.json", "FR.0000000000000000.js", "../en.0000000000000000.js", "fr.00000000000000000.js"]) {
      expect(findCatalogueScript(file), file).toBeNull();
    }
  });
});
