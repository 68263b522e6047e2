import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { flattenCatalogue, type Catalogue } from "../fixtures/catalogue";

// docs/glossary.md gives each SPEC term one French word; a French message that translates an English one using the
// term uses that word. Read from the glossary itself, so a row added there is checked at once.

const ROOT = path.resolve(import.meta.dirname, "../..");
const EN = flattenCatalogue(en as Catalogue) as Map<string, string>;
const FR = flattenCatalogue(fr as Catalogue) as Map<string, string>;

interface Term {
  english: string;
  french: string;
  englishForms: string[];
  frenchForms: string[];
}

/** The rows of the glossary's "Terms" table. */
export function readGlossary(markdown: string): Term[] {
  const section = markdown.split(/^## Terms\s*$/m)[1] ?? "";
  const rows = section.split("\n").filter((line) => /^\|/.test(line) && !/^\|\s*-/.test(line)).slice(1);
  const list = (cell: string) => cell.split(",").map((form) => form.trim()).filter(Boolean);
  return rows.map((row) => {
    const [english, french, englishForms, frenchForms] = row.split("|").slice(1, 5).map((cell) => cell.trim());
    return { english, french, englishForms: list(englishForms), frenchForms: list(frenchForms) };
  });
}

// Messages that cannot take the glossary's word, with why. Keep it short.
const EXCEPTIONS: Record<string, { terms: string[]; why: string }> = {
  "validation.auditKind": { terms: ["connector", "path", "node"], why: "lists the API's object kinds (site, connector, path…)" },
  "apiDocs.webhooks.verify": { terms: ["node"], why: "Node is the JavaScript runtime the snippet runs on" },
  "apiDocs.tokens.create": { terms: ["link"], why: "<link> is the message's markup for the Users page link, not a word" },
  "apiDocs.webhooks.body": { terms: ["organization"], why: "names the JSON body's field organization" },
  "validation.alarmType": { terms: ["bad", "down", "rollout"], why: "lists the API's type codes (sla-bad, port-down…)" },
  "validation.alarmSeverity": { terms: ["warning", "critical"], why: "lists the API's severity codes" },
  "validation.alarmStateFilter": { terms: ["cleared"], why: "lists the API's state codes" },
  "validation.homingNodeNotEligible": { terms: ["running"], why: "the provider running (operating) a network, not an operation's state" },
  "apiErrors.rehomingByProvider": { terms: ["running"], why: "the provider running (operating) a network, not an operation's state" },
  "validation.eventSubjectKind": { terms: ["path", "node"], why: "lists the API's subject kinds (node, site, path)" },
  "validation.alarmAcknowledgedFilter": { terms: ["acknowledged"], why: "names the API's query parameter" },
  "validation.lifecycleTab": { terms: ["scheduled", "running", "finished"], why: "lists the API's tab codes" },
  "validation.deviceStatus": { terms: ["claim"], why: "lists the API's status codes (unclaimed…)" },
  "validation.nodeKind": { terms: ["core"], why: "lists the API's node kinds" },
  "validation.interfaceType": { terms: ["fabric"], why: "lists the API's interface types" },
  "alarms.notePlaceholder": { terms: ["site"], why: "“on site” means on the premises (« sur place »)" },
  "events.search.typePlaceholder": { terms: ["path"], why: "an event type code (path.updated)" },
  "mspTopology.graph.grouped": { terms: ["bad"], why: "“as bad as its worst” is a comparison, not the SLA state" },
  "assistant.traffic.down": { terms: ["down"], why: "traffic “down 12 %” is a decrease (« en baisse »), not a port state" },
  "assistant.instructions.page": { terms: ["organization"], why: "names the URL path /organization/…, which the assistant reads back" },
};

/** Text a reader sees: ICU argument names, types and select or plural keys removed, lower case, NFC. */
function readable(message: string): string {
  return message
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/g, "{,")
    .replace(/([,}]\s*)(?:=\d+|[\w-]+)\s*(?=\{)/g, "$1 ")
    .replace(/\{\s*\w+\s*,\s*(?:number|date|time)[^}]*\}/g, " ")
    .replace(/\{\s*\w+\s*\}/g, " ")
    .normalize("NFC")
    .toLowerCase();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether the English text uses one of the forms as a word (not inside a code like sla-bad or a word like badge); a
 * form written "=up" is the whole message ("Up", not "up to").
 */
const usesEnglish = (text: string, forms: string[]) =>
  forms.some((form) => form.startsWith("=") ? text.trim() === form.slice(1).toLowerCase() : new RegExp(`(?<![\\p{L}\\d_-])${escape(form.toLowerCase())}(?![\\p{L}\\d_-])`, "u").test(text));

/** Whether the French text has one of the forms at the start of a word. */
const usesFrench = (text: string, forms: string[]) =>
  forms.some((form) => new RegExp(`(?<![\\p{L}])${escape(form.normalize("NFC").toLowerCase())}`, "u").test(text));

/** For each term, the messages whose English uses it and whose French does not use the glossary's word. */
export function glossaryViolations(terms: Term[], english: Map<string, string>, french: Map<string, string>): string[] {
  const found: string[] = [];
  for (const term of terms) {
    for (const [key, value] of english) {
      if (EXCEPTIONS[key]?.terms.includes(term.english)) continue;
      if (!usesEnglish(readable(value), term.englishForms)) continue;
      const translated = french.get(key) ?? "";
      if (!usesFrench(readable(translated), term.frenchForms)) found.push(`${term.english} → ${term.french}: ${key} = ${JSON.stringify(translated)}`);
    }
  }
  return found;
}

const GLOSSARY = readGlossary(readFileSync(path.join(ROOT, "docs/glossary.md"), "utf8"));

describe("the glossary", () => {
  it("gives each SPEC term and state one English and one French word, with the forms the test matches", () => {
    const names = GLOSSARY.map((term) => term.english);
    for (const term of [
      "site", "connector", "path", "node", "edge node", "CPE node", "core", "fabric", "device", "inventory", "claim", "alarm",
      "warning", "bad", "healthy", "unknown", "acknowledged", "cleared", "raised", "reporting", "in stock", "lifecycle", "rollout",
    ]) {
      expect(names, term).toContain(term);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const term of GLOSSARY) {
      expect(term.french, term.english).not.toBe("");
      expect(term.englishForms.length, term.english).toBeGreaterThan(0);
      expect(term.frenchForms.length, term.english).toBeGreaterThan(0);
    }
  });

  it("every exception names a real message and a term of the glossary", () => {
    const names = new Set(GLOSSARY.map((term) => term.english));
    for (const [key, exception] of Object.entries(EXCEPTIONS)) {
      expect(EN.has(key), key).toBe(true);
      for (const term of exception.terms) expect(names.has(term), `${key}: ${term}`).toBe(true);
      expect(exception.why.length, key).toBeGreaterThan(10);
    }
  });

  it("French messages use the glossary's word for every term their English uses", () => {
    expect(glossaryViolations(GLOSSARY, EN, FR)).toEqual([]);
  });

  it("catches a term translated a second way, and leaves codes, placeholders and select keys alone", () => {
    const terms = GLOSSARY.filter((term) => ["bad", "warning", "claim"].includes(term.english));
    const english = new Map([
      ["a", "Bad"],
      ["b", "Path {path}: {sla, select, warning {SLA in warning} other {SLA {sla}}}"],
      ["c", "Claim device"],
      ["d", "Badge {bad} for sla-bad"],
    ]);
    const french = new Map([
      ["a", "Mauvais"],
      ["b", "Chemin {path} : {sla, select, warning {SLA en alerte} other {SLA {sla}}}"],
      ["c", "Revendiquer un équipement"],
      ["d", "Badge {bad} pour sla-bad"],
    ]);
    expect(glossaryViolations(terms, english, french)).toEqual([
      'claim → rattacher: c = "Revendiquer un équipement"',
      'warning → avertissement: b = "Chemin {path} : {sla, select, warning {SLA en alerte} other {SLA {sla}}}"',
      'bad → dégradé: a = "Mauvais"',
    ]);
    french.set("a", "Dégradé").set("b", "Chemin {path} : {sla, select, warning {SLA en avertissement} other {SLA {sla}}}").set("c", "Rattacher un équipement");
    expect(glossaryViolations(terms, english, french)).toEqual([]);
  });
});
