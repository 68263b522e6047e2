import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_AREAS, EVENT_TYPES, eventEntityLabelKey, eventTypeLabelKey, eventTypesMatching, eventTypesOfArea } from "@/lib/events/types";
import { translatorFor } from "@/lib/i18n/messages";
import { ENTITY_ACTIONS } from "@/lib/realtime-contract";

// Issue 42: every event type the console can write reads in the user's language. The types are enumerated from the
// server's own record calls (entityType and type side by side, recordOnNode, recordBatch), so a new one without a
// label in both catalogues fails here.

const en = translatorFor("en");
const fr = translatorFor("fr");
const SERVER = path.join(process.cwd(), "server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

const ACTIONS = new Set<string>(ENTITY_ACTIONS);
const literals = (text: string) => [...text.matchAll(/"([\w.-]+)"/g)].map((match) => match[1]);
const typeOf = (entityType: string, literal: string) => (literal.includes(".") ? literal : ACTIONS.has(literal) ? `${entityType}.${literal}` : null);

/** The event types the server's code writes, each with where it is written. */
function writtenTypes(): Map<string, string> {
  const written = new Map<string, string>();
  const add = (entityType: string, values: string[], where: string) => {
    for (const value of values) {
      const type = typeOf(entityType, value);
      if (type) written.set(type, where);
    }
  };
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, "utf8");
    const where = path.relative(process.cwd(), file);
    // record({ …, entityType: "path", …, type: "updated" | a ? "x" : "y", … }) — the object literal around it.
    for (const match of text.matchAll(/entityType: "(\w+)"/g)) {
      const start = text.lastIndexOf("{", match.index);
      const end = text.indexOf("}", match.index);
      const object = text.slice(start, end);
      for (const field of object.matchAll(/(?<![\w])type: ([^,}\n]+)/g)) add(match[1], literals(field[1]), where);
      // `type,` passed through: the literals of the parameter it comes from (recordRollout(record, type: "created" | …)).
      if (/(?<![\w.])type[,\n]/.test(object)) {
        const parameter = [...text.slice(Math.max(0, start - 400), start).matchAll(/(?<![\w])type: ([^,)=]+)/g)].at(-1);
        if (parameter) add(match[1], literals(parameter[1]), where);
      }
    }
    // recordOnNode(record, node, "interface", id)("created", …)
    for (const match of text.matchAll(/recordOnNode\(record, \w+, "(\w+)", [^)]*\)\("([\w-]+)"/g)) add(match[1], [match[2]], where);
  }
  return written;
}

describe("event types", () => {
  it("the server's record calls write only types the events page knows", () => {
    const written = writtenTypes();
    // The scan must see the record calls at all (not a regex that quietly matches nothing).
    expect(written.size).toBeGreaterThan(40);
    for (const type of ["site.deleted", "lifecycleOperation.cancelled", "alarm.raised", "alarm.cleared", "device.token-issued", "interface.created", "rollout.halted"]) {
      expect(written.has(type), type).toBe(true);
    }
    const unknown = [...written].filter(([type]) => !EVENT_TYPES.includes(type)).map(([type, where]) => `${type} (${where})`);
    expect(unknown).toEqual([]);
  });

  it.each(EVENT_TYPES)("%s has a label in English and French", (type) => {
    const key = eventTypeLabelKey(type) as never;
    expect(en.has(key)).toBe(true);
    expect(fr.has(key)).toBe(true);
    // A label, not the code.
    expect(en(key)).not.toBe(type);
    expect(fr(key)).not.toBe(en(key));
  });

  it("every entity kind and area has a label in both languages", () => {
    for (const type of EVENT_TYPES) {
      const key = eventEntityLabelKey(type.slice(0, type.indexOf("."))) as never;
      expect(en.has(key) && fr.has(key), String(key)).toBe(true);
    }
    for (const area of EVENT_AREAS) {
      expect(en.has(`events.areas.${area}` as never) && fr.has(`events.areas.${area}` as never), area).toBe(true);
      expect(eventTypesOfArea(area).length).toBeGreaterThan(0);
    }
  });

  it("reads 'site.deleted' and 'lifecycleOperation.cancelled' in people's words", () => {
    expect(en("events.types.site.deleted" as never)).toBe("Site deleted");
    expect(fr("events.types.site.deleted" as never)).toBe("Site supprimé");
    expect(en("events.types.lifecycleOperation.cancelled" as never)).toBe("Lifecycle operation cancelled");
    expect(fr("events.types.lifecycleOperation.cancelled" as never)).toBe("Opération de cycle de vie annulée");
  });
});

describe("a type search", () => {
  const label = (type: string) => en(eventTypeLabelKey(type) as never);
  const frLabel = (type: string) => fr(eventTypeLabelKey(type) as never);

  it("finds a code as written, part of a code, or a label, case and accents aside", () => {
    expect(eventTypesMatching("path.updated", label)).toEqual(["path.updated"]);
    expect(eventTypesMatching("path", label)).toEqual(["path.created", "path.updated", "path.deleted"]);
    expect(eventTypesMatching("Path updated", label)).toEqual(["path.updated"]);
    expect(eventTypesMatching("chemin modifie", frLabel)).toEqual(["path.updated"]);
    expect(eventTypesMatching("  ", label)).toEqual([]);
    expect(eventTypesMatching("nothing like it", label)).toEqual([]);
  });
});
