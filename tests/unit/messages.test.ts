import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { flattenCatalogue, type Catalogue } from "../fixtures/catalogue";

const ROOT = path.resolve(import.meta.dirname, "../..");

const EN = flattenCatalogue(en as Catalogue);
const FR = flattenCatalogue(fr as Catalogue);

/** ICU argument names: {x}, {count, plural, ...}, {d, date}. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?=[,}])/g)].map((m) => m[1]))].sort();
}

// SPEC §5, §2 and §8 texts, word for word.
const SPEC_TEXTS = [
  "Name must be at least 2 characters",
  "Name is required",
  "User Email is required",
  "Operation is taking longer than expected. Please wait or try one of the options to the right.",
  "You are not a member of any organizations. To join an organization, ask the administrator to invite you or accept any pending invitations you have received.",
  "Organization not found.",
  "Something went wrong!",
  "Show Error",
  "Hide Error",
  "An unexpected error occurred.",
  "Click here to try again.",
  "Refresh the page to try again.",
  "Error loading content: {error}.",
];

/** The validation.* keys the zod schemas use, read from the source (lib/**\/schema.ts and lib/validation/fields.ts). */
function schemaSources(): string[] {
  const lib = path.join(ROOT, "lib");
  const files = (readdirSync(lib, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith("/schema.ts") || file === "schema.ts");
  return [...files.map((file) => path.join(lib, file)), path.join(lib, "validation/fields.ts")];
}

function validationKeysUsed(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of schemaSources()) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/["'`](validation\.[A-Za-z0-9_.]+)["'`]/g)) {
      used.set(match[1], [...(used.get(match[1]) ?? []), path.relative(ROOT, file)]);
    }
  }
  return used;
}

describe("message catalogues", () => {
  it("en and fr have exactly the same keys, nested the same way", () => {
    expect([...FR.keys()].sort()).toEqual([...EN.keys()].sort());
    expect(EN.size).toBeGreaterThan(50);
  });

  it("every message is a non-empty string", () => {
    for (const [locale, catalogue] of [["en", EN], ["fr", FR]] as const) {
      for (const [key, value] of catalogue) {
        expect(typeof value, `${locale}: ${key}`).toBe("string");
        expect((value as string).trim(), `${locale}: ${key}`).not.toBe("");
      }
    }
  });

  it("every ICU placeholder of an English message is in the French one, and no other", () => {
    let withPlaceholders = 0;
    for (const [key, value] of EN) {
      const expected = placeholders(value as string);
      if (expected.length) withPlaceholders++;
      expect(placeholders(String(FR.get(key) ?? "")), key).toEqual(expected);
    }
    expect(withPlaceholders).toBeGreaterThan(3);
  });

  it("French is a real translation: at least 80 % of messages differ from English", () => {
    const differing = [...EN].filter(([key, value]) => FR.get(key) !== value).length;
    expect(differing / EN.size).toBeGreaterThanOrEqual(0.8);
  });

  it.each(SPEC_TEXTS)("en.json contains the SPEC text %j verbatim", (text) => {
    expect([...EN.values()]).toContain(text);
  });

  it.each(SPEC_TEXTS)("the SPEC text %j is translated in fr.json (same key, different text)", (text) => {
    const key = [...EN].find(([, value]) => value === text)![0];
    expect(FR.get(key), key).toEqual(expect.any(String));
    expect(FR.get(key), key).not.toBe(text);
  });

  it("the SPEC texts sit under the keys the code uses", () => {
    expect(EN.get("validation.nameMin")).toBe("Name must be at least 2 characters");
    expect(EN.get("validation.nameRequired")).toBe("Name is required");
    expect(EN.get("validation.userEmailRequired")).toBe("User Email is required");
    expect(EN.get("loading.slow")).toBe("Operation is taking longer than expected. Please wait or try one of the options to the right.");
    expect(EN.get("errors.loadingContent")).toBe("Error loading content: {error}.");
    expect(EN.get("errors.unexpected")).toBe("An unexpected error occurred.");
    expect(EN.get("apiClient.unknownError")).toBe("Unknown API Error");
  });
});

describe("validation keys used by the schemas", () => {
  const used = validationKeysUsed();

  it("finds the schema sources and their keys", () => {
    const files = schemaSources().map((file) => path.relative(ROOT, file).split(path.sep).join("/"));
    expect(files).toEqual(
      expect.arrayContaining([
        "lib/organizations/schema.ts",
        "lib/users/schema.ts",
        "lib/auth/schema.ts",
        "lib/support/schema.ts",
        "lib/validation/fields.ts",
      ]),
    );
    expect([...used.keys()]).toEqual(
      expect.arrayContaining(["validation.nameRequired", "validation.nameMin", "validation.userEmailRequired", "validation.emailInvalid"]),
    );
  });

  it("every key exists in both catalogues", () => {
    const missing: string[] = [];
    for (const [key, files] of used) {
      if (typeof EN.get(key) !== "string") missing.push(`en: ${key} (${files.join(", ")})`);
      if (typeof FR.get(key) !== "string") missing.push(`fr: ${key} (${files.join(", ")})`);
    }
    expect(missing).toEqual([]);
  });
});
