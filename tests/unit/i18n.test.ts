import { describe, expect, it } from "vitest";
import { isLocale, localeFromAcceptLanguage, MESSAGES, translateMessageKey, translatorFor } from "@/lib/i18n/messages";

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr"],
    ["de,en;q=0.5", "en"],
    ["", "en"],
    ["en;q=0.1, fr;q=0.9", "fr"],
    ["fr", "fr"],
    ["FR-fr", "fr"],
    ["en-GB,en;q=0.9,fr;q=0.8", "en"],
    ["de-DE,de;q=0.9,fr;q=0.7,en;q=0.3", "fr"],
    ["de,es;q=0.5", "en"],
    ["*", "en"],
    [" fr ; q=0.4 , en ; q=0.2", "fr"],
  ])("%j → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it("defaults to en when there is no header", () => {
    expect(localeFromAcceptLanguage(null)).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });
});

describe("isLocale", () => {
  it("knows exactly en and fr", () => {
    expect(isLocale("en")).toBe(true);
    expect(isLocale("fr")).toBe(true);
    expect(isLocale("de")).toBe(false);
    expect(isLocale("EN")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(Object.keys(MESSAGES).sort()).toEqual(["en", "fr"]);
  });
});

describe("translateMessageKey", () => {
  const en = translatorFor("en");
  const fr = translatorFor("fr");

  it("translates a catalogue key in English and in French", () => {
    expect(translateMessageKey(en, "validation.nameMin")).toBe("Name must be at least 2 characters");
    expect(translateMessageKey(fr, "validation.nameMin")).toBe("Le nom doit comporter au moins 2 caractères");
    expect(translateMessageKey(en, "validation.nameRequired")).toBe("Name is required");
    expect(translateMessageKey(en, "validation.userEmailRequired")).toBe("User Email is required");
    expect(translateMessageKey(fr, "validation.userEmailRequired")).toBe(MESSAGES.fr.validation.userEmailRequired);
    expect(translateMessageKey(fr, "validation.userEmailRequired")).not.toBe("User Email is required");
  });

  it("fills in values", () => {
    expect(translateMessageKey(en, "errors.loadingContent", { error: "timeout" })).toBe("Error loading content: timeout.");
    expect(translateMessageKey(fr, "errors.loadingContent", { error: "timeout" })).toBe("Erreur lors du chargement du contenu : timeout.");
    expect(translateMessageKey(en, "apiErrors.tooManyAttempts", { minutes: 15 })).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(translateMessageKey(fr, "validation.unknownField", { field: "foo" })).toBe("Champ inconnu : foo");
  });

  it("returns text that is not a catalogue key as is", () => {
    expect(translateMessageKey(en, "Something broke")).toBe("Something broke");
    expect(translateMessageKey(fr, "Invalid input: expected string, received number")).toBe("Invalid input: expected string, received number");
    expect(translateMessageKey(en, "validation.noSuchKey")).toBe("validation.noSuchKey");
    expect(translateMessageKey(en, "")).toBe("");
  });
});

describe("q=0", () => {
  it("means not acceptable", () => {
    expect(localeFromAcceptLanguage("fr;q=0,de")).toBe("en");
  });
});
