import { describe, expect, it } from "vitest";
import fr from "@/messages/fr.json";
import { frenchTypography, typesetCatalogue } from "../../scripts/fr-typography.mjs";
import { flattenCatalogue, type Catalogue } from "../fixtures/catalogue";

// French typography in messages/fr.json (issue 42): a narrow no-break space before : ; ! ? and one apostrophe, ’.
// scripts/fr-typography.mjs sets it; run it after adding French messages.

const N = "\u202f";
const FR = [...(flattenCatalogue(fr as Catalogue) as Map<string, string>)];

describe("French typography in the catalogue", () => {
  it("has no straight apostrophe inside a word", () => {
    expect(FR.filter(([, text]) => /\p{L}'\p{L}/u.test(text)).map(([key]) => key)).toEqual([]);
  });

  it("has a narrow no-break space, not a space or nothing, before : ; ! ? in prose", () => {
    const spaced = FR.filter(([, text]) => /[ \u00a0][;!?]|[ \u00a0]:(?!:)/.test(text)).map(([key]) => key);
    const glued = FR.filter(([, text]) => /[\p{L})»}][:;!?]+(?=\s|$)/u.test(text)).map(([key]) => key);
    expect({ spaced, glued }).toEqual({ spaced: [], glued: [] });
    expect(FR.filter(([, text]) => text.includes(`${N}:`)).length).toBeGreaterThan(100);
  });

  it("is what scripts/fr-typography.mjs leaves (run it after adding French messages)", () => {
    expect(typesetCatalogue(fr as Catalogue)[1]).toBe(0);
  });

  it("sets the assistant's texts too: they name the console's pages and states beside them", () => {
    const assistant = FR.filter(([key]) => key.startsWith("assistant."));
    expect(assistant.filter(([, text]) => text.includes(`${N}:`)).length).toBeGreaterThan(100);
    expect(typesetCatalogue({ assistant: { help: "Je peux : lister l'inventaire ?" } })).toEqual([{ assistant: { help: `Je peux${N}: lister l’inventaire${N}?` } }, 1]);
  });
});

describe("frenchTypography", () => {
  it.each([
    ["Erreur lors du chargement du contenu : {error}.", `Erreur lors du chargement du contenu${N}: {error}.`],
    ["Pour accepter, ouvrez ce lien :\n{link}", `Pour accepter, ouvrez ce lien${N}:\n{link}`],
    ["Quitter sans enregistrer ?", `Quitter sans enregistrer${N}?`],
    ["Attention!", `Attention${N}!`],
    ["Ports de commutateur ; {node} n'en est pas un.", `Ports de commutateur${N}; {node} n’en est pas un.`],
    ["« {search} » ?", `« {search} »${N}?`],
    ["{count, plural, one {Annuler cette opération ?} other {Annuler # opérations ?}}", `{count, plural, one {Annuler cette opération${N}?} other {Annuler # opérations${N}?}}`],
    ["L'équipement", "L’équipement"],
    ["Le\u00a0: texte", `Le${N}: texte`],
  ])("typesets %j", (text, expected) => {
    expect(frenchTypography(text)).toBe(expected);
    expect(frenchTypography(expected)).toBe(expected);
  });

  it.each([
    "Démarrage à 10:30",
    "par ex. 2026-12-01T02:00:00Z",
    "Voir https://example.com/a?b=c",
    "{value, number, ::percent}",
    "{n, plural, one {# site} other {# sites}}",
    "Guillemet 'cité' seul",
    "{name}",
  ])("leaves %j as it is", (text) => {
    expect(frenchTypography(text)).toBe(text);
  });
});
