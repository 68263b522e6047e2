import compile from "icu-minify/compile";
import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";
import formatPrecompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { DISPLAY_TIME_ZONE, LOCALES } from "@/lib/constants";
import { MESSAGES } from "@/lib/i18n/messages";
import { flattenCatalogue, type Catalogue } from "../fixtures/catalogue";

// The console's build precompiles both catalogues (next.config.ts, next-intl's experimental.messages.precompile): the
// pages, the browser and the in-process API format messages from icu-minify's compiled form, not by parsing ICU text
// on every call. This checks that every message of both languages reads the same either way, for every branch of
// its plurals and selects — what the unit and component tests (which read the catalogues as text) see is what a user
// sees.

type Compiled = ReturnType<typeof compile>;
type Argument = { kind: "text" | "number" | "date" | "tag" } | { kind: "select"; options: string[] };

// icu-minify's node types (its types module declares them, but the package exports only compile and format).
const POUND = 0;
const [SELECT, PLURAL, SELECTORDINAL, NUMBER, DATE, TIME] = [1, 2, 3, 4, 5, 6];

/** The arguments a compiled message takes, by name: found by walking its compiled form. */
function argumentsOf(node: unknown, found = new Map<string, Argument>()): Map<string, Argument> {
  if (typeof node === "string" || node === POUND || !Array.isArray(node)) return found;
  if (typeof node[0] !== "string") {
    for (const part of node) argumentsOf(part, found);
    return found;
  }
  const [name, type, detail] = node as [string, unknown, unknown];
  if (type === undefined) {
    if (!found.has(name)) found.set(name, { kind: "text" });
  } else if (type === SELECT) {
    const options = detail as Record<string, Compiled>;
    found.set(name, { kind: "select", options: Object.keys(options) });
    for (const branch of Object.values(options)) argumentsOf(branch, found);
  } else if (type === PLURAL || type === SELECTORDINAL) {
    found.set(name, { kind: "number" });
    for (const branch of Object.values(detail as Record<string, Compiled>)) argumentsOf(branch, found);
  } else if (type === NUMBER) {
    found.set(name, { kind: "number" });
  } else if (type === DATE || type === TIME) {
    found.set(name, { kind: "date" });
  } else {
    // A tag: its name, then its children.
    found.set(name, { kind: "tag" });
    for (const child of node.slice(1)) argumentsOf(child, found);
  }
  return found;
}

/** Sets of values that take each plural through zero, one, few and many, and each select through every option. */
function valueSets(args: Map<string, Argument>): Record<string, unknown>[] {
  const numbers = [0, 1, 2, 5, 21, 1234.5];
  const widest = Math.max(numbers.length, ...[...args.values()].map((arg) => (arg.kind === "select" ? arg.options.length : 1)));
  return Array.from({ length: widest }, (_, index) => {
    const values: Record<string, unknown> = {};
    for (const [name, arg] of args) {
      if (arg.kind === "text") values[name] = `‹${name}›`;
      else if (arg.kind === "number") values[name] = numbers[index % numbers.length];
      else if (arg.kind === "date") values[name] = new Date(Date.UTC(2026, 10, 28, 9, 30));
      else if (arg.kind === "select") values[name] = arg.options[index % arg.options.length];
      else values[name] = (chunks: unknown) => `<${name}>${[chunks].flat().join("")}</${name}>`;
    }
    return values;
  });
}

describe("precompiled catalogues", () => {
  for (const locale of LOCALES) {
    it(`read the same as the ICU text, for every message in ${locale}`, () => {
      const text = createTranslator({ locale, messages: MESSAGES[locale], timeZone: DISPLAY_TIME_ZONE });
      const formatters = _createIntlFormatters(_createCache());
      const entries = [...flattenCatalogue(MESSAGES[locale] as Catalogue)].filter((entry): entry is [string, string] => typeof entry[1] === "string");
      expect(entries.length).toBeGreaterThan(1000);
      let compared = 0;
      for (const [key, message] of entries) {
        const compiled = compile(message);
        const args = argumentsOf(compiled);
        const sets = args.size === 0 ? [undefined] : valueSets(args);
        for (const values of sets) {
          const expected = (text.markup as (key: string, values?: unknown) => string)(key, values);
          const actual = formatPrecompiled(key, compiled, values as never, { formatters, locale, timeZone: DISPLAY_TIME_ZONE, cache: _createCache() } as never);
          expect([key, [actual].flat().join("")]).toEqual([key, expected]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(entries.length);
    });
  }
});
