import "server-only";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";

// What a statement does to the console's tables, read from its text: the tables a read names, the tables a write
// changes (with those the database changes after them, through foreign keys that cascade or set null), or
// "everything" when the text says nothing sure (a script, a schema change, a write to a table not in the schema).
// server/db/read-cache.ts keeps a cached read only while no table it read has changed; a write it cannot place
// therefore counts as a change to every table, never as none.

export type StatementTables =
  | { kind: "read"; tables: string[]; timeDependent: boolean }
  | { kind: "write"; tables: string[] }
  | { kind: "everything" }
  | { kind: "none" };

/** The console's tables (their SQL names), and for each the tables a write to it may change through foreign keys. */
function tablesAndCascades() {
  const names = new Set<string>();
  const children = new Map<string, Set<string>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    names.add(config.name);
    for (const foreignKey of config.foreignKeys) {
      const changesChild = [foreignKey.onDelete, foreignKey.onUpdate].some((action) => action !== undefined && action !== "no action" && action !== "restrict");
      if (!changesChild) continue;
      const parent = getTableConfig(foreignKey.reference().foreignTable).name;
      if (!children.has(parent)) children.set(parent, new Set());
      children.get(parent)!.add(config.name);
    }
  }
  const closure = new Map<string, string[]>();
  for (const name of names) {
    const reached = new Set([name]);
    const queue = [name];
    while (queue.length > 0) {
      for (const child of children.get(queue.pop()!) ?? []) {
        if (reached.has(child)) continue;
        reached.add(child);
        queue.push(child);
      }
    }
    closure.set(name, [...reached]);
  }
  return { names, closure };
}

const { names: TABLES, closure: CHANGED_WITH } = tablesAndCascades();

/** Statements that change no table: a transaction's own, a session setting. */
const NO_DATA = /^\s*(begin|start\s+transaction|commit|end|rollback|savepoint|release|set|show|reset|listen|unlisten|notify|deallocate|discard)\b/i;
const FIRST_WORD = /^\s*([a-z]+)/i;
/** A write's target: insert into / update / delete from, quoted or not, schema-qualified or not. */
const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?("?)([a-z_][a-z0-9_]*)\1/gi;
/** "update" that names no target: an upsert's "on conflict do update set", a lock's "for [no key] update". */
const NOT_A_TARGET = /\bdo\s+update\s+set\b|\bfor\s+(?:no\s+key\s+)?update\b/gi;
const IDENTIFIER = /"([^"]+)"|\b([a-z_][a-z0-9_]*)\b/gi;
/** What a read cannot be kept for: the clock, chance, a sequence. */
const TIME_OR_CHANCE = /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|currval|gen_random_uuid)\s*\(|\b(current_timestamp|current_date|current_time|localtimestamp|localtime)\b/i;

function namedTables(sql: string): string[] {
  const found = new Set<string>();
  for (const match of sql.matchAll(IDENTIFIER)) {
    const name = match[1] ?? match[2].toLowerCase();
    if (TABLES.has(name)) found.add(name);
  }
  return [...found];
}

/** The tables a write changes, or undefined when one of its targets is not a table of the schema. */
function writeTargets(sql: string): string[] | undefined {
  const changed = new Set<string>();
  for (const match of sql.replace(NOT_A_TARGET, " ").matchAll(WRITE_TARGET)) {
    const name = match[1] ? match[2] : match[2].toLowerCase();
    const tables = CHANGED_WITH.get(name);
    if (!tables) return undefined;
    for (const table of tables) changed.add(table);
  }
  return [...changed];
}

/** Texts read before: the console sends the same few hundred statements over and over, each read once. */
const known = new Map<string, StatementTables>();
const KNOWN_LIMIT = 2048;

/** What one statement's text does to the tables (`script`: several statements at once, PGlite's exec). */
export function statementTables(sql: string, { script = false }: { script?: boolean } = {}): StatementTables {
  if (script) return { kind: "everything" };
  let tables = known.get(sql);
  if (!tables) {
    tables = readStatement(sql);
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(sql, tables);
  }
  return tables;
}

function readStatement(sql: string): StatementTables {
  if (NO_DATA.test(sql)) return { kind: "none" };
  const verb = FIRST_WORD.exec(sql)?.[1].toLowerCase();
  if (verb === "select" || verb === "with" || verb === "values") {
    // Only a top-level WITH may hold a write (PostgreSQL refuses one anywhere else).
    const targets = verb === "with" ? writeTargets(sql) : [];
    if (targets === undefined) return { kind: "everything" };
    if (targets.length > 0) return { kind: "write", tables: targets };
    return { kind: "read", tables: namedTables(sql), timeDependent: TIME_OR_CHANCE.test(sql) };
  }
  if (verb === "insert" || verb === "update" || verb === "delete") {
    const targets = writeTargets(sql);
    return targets && targets.length > 0 ? { kind: "write", tables: targets } : { kind: "everything" };
  }
  return { kind: "everything" };
}
