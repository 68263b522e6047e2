import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { translatorFor } from "@/lib/i18n/messages";
import { ETHER_TYPE_LABELS, ETHER_TYPES } from "@/lib/nodes/schema";
import { flattenCatalogue, type Catalogue } from "../fixtures/catalogue";

// Small English wording (issue 42): a name is never followed by 's ("Northwind Networks's devices"), an article never
// guesses the sound of a value it does not know ("Add a IPsec connector"), and EtherTypes read as people write them.

const EN = [...(flattenCatalogue(en as Catalogue) as Map<string, string>)].filter(([key]) => !key.startsWith("assistant."));

describe("English wording", () => {
  it("puts no possessive 's after a name (a name may end in s)", () => {
    expect(EN.filter(([, text]) => /\}['’]s\b/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it("puts no “a” or “an” before a value", () => {
    expect(EN.filter(([, text]) => /\b(?:a|an) \{\w+\}/i.test(text)).map(([key]) => key)).toEqual([]);
  });

  it("names each kind of connector to add with its article", () => {
    const t = translatorFor("en");
    expect(["physical", "ipsec", "external", "virtual", "internet"].map((kind) => t("connectors.addKind", { kind }))).toEqual([
      "Add a physical connector",
      "Add an IPsec connector",
      "Add an external connector",
      "Add a virtual connector",
      "Add an internet (DIA) connector",
    ]);
    expect(translatorFor("fr")("connectors.addKind", { kind: "ipsec" })).toBe("Ajouter un connecteur IPsec");
  });

  it("asks before cancelling with a way back that is not another “Cancel”", () => {
    for (const locale of ["en", "fr"] as const) {
      const t = translatorFor(locale);
      for (const count of [1, 3]) expect(t("lifecycle.cancel.keep", { count }), locale).not.toMatch(/cancel|annuler/i);
      expect(t("rollout.keep"), locale).not.toMatch(/cancel|annuler/i);
    }
    expect(translatorFor("en")("lifecycle.cancel.keep", { count: 1 })).toBe("Keep operation");
  });

  it("shows EtherTypes as the standards name them", () => {
    expect(ETHER_TYPES.map((type) => ETHER_TYPE_LABELS[type])).toEqual(["802.1Q", "802.1ad", "0x9100", "0x9200"]);
  });
});
