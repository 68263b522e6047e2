import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOGUE_GLOBAL } from "@/lib/i18n/client-catalogue";

// Providers reads the messages through loadCatalogue (lib/i18n/catalogue-loader.ts): the page's own language from the
// script Next's runtime ran before hydration, without suspending; another language from its script, on a switch.

type Global = Record<string, Record<string, unknown> | undefined>;
const catalogues = () => globalThis as unknown as Global;

async function freshLoader() {
  vi.resetModules();
  return (await import("@/lib/i18n/catalogue-loader")).loadCatalogue;
}

/** The scripts the loader added to the page, and a way to play each one's answer. */
function scriptsAdded() {
  return Array.from(document.head.querySelectorAll("script"));
}

beforeEach(() => {
  delete catalogues()[CATALOGUE_GLOBAL];
  document.head.innerHTML = "";
});
afterEach(() => {
  delete catalogues()[CATALOGUE_GLOBAL];
});

describe("loadCatalogue in the browser", () => {
  it("gives the language whose script already ran at once, settled, without fetching anything", async () => {
    catalogues()[CATALOGUE_GLOBAL] = { en: { common: { save: "Save" } } };
    const loadCatalogue = await freshLoader();
    const loading = loadCatalogue("en", "/catalogue/en.0123456789abcdef.js");
    // use() reads these fields: the first render does not suspend.
    expect(loading).toMatchObject({ status: "fulfilled", value: { common: { save: "Save" } } });
    expect(loadCatalogue("en", "/catalogue/en.0123456789abcdef.js")).toBe(loading);
    expect(scriptsAdded()).toHaveLength(0);
  });

  it("runs another language's script once, and settles with what it defined", async () => {
    const loadCatalogue = await freshLoader();
    const loading = loadCatalogue("fr", "/catalogue/fr.0123456789abcdef.js");
    expect(loading).toMatchObject({ status: "pending" });
    expect(loadCatalogue("fr", "/catalogue/fr.0123456789abcdef.js")).toBe(loading);
    const [script] = scriptsAdded();
    expect(scriptsAdded()).toHaveLength(1);
    expect(script.getAttribute("src")).toBe("/catalogue/fr.0123456789abcdef.js");
    catalogues()[CATALOGUE_GLOBAL] = { fr: { common: { save: "Enregistrer" } } };
    script.dispatchEvent(new Event("load"));
    await expect(loading).resolves.toEqual({ common: { save: "Enregistrer" } });
    expect(loading).toMatchObject({ status: "fulfilled" });
  });

  it("fails when the script fails or defines nothing, and tries again on the next call", async () => {
    const loadCatalogue = await freshLoader();
    const first = loadCatalogue("fr", "/catalogue/fr.0123456789abcdef.js");
    scriptsAdded()[0].dispatchEvent(new Event("error"));
    await expect(first).rejects.toThrow("The fr message catalogue could not be loaded.");
    expect(first).toMatchObject({ status: "rejected" });

    const second = loadCatalogue("fr", "/catalogue/fr.0123456789abcdef.js");
    expect(second).not.toBe(first);
    expect(scriptsAdded()).toHaveLength(2);
    scriptsAdded()[1].dispatchEvent(new Event("load"));
    await expect(second).rejects.toThrow("could not be loaded");
  });
});
