import "server-only";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { readColumns, updatedColumns } from "./sql-columns";
import * as schema from "./schema";

// What a statement does to the console's tables, read from its text: the tables a read names and their columns it
// names, the tables a write changes (with those the database changes after them, through foreign keys that cascade
// or set null, and through its triggers) and, for an update, the columns it sets — or "everything" when the text says
// nothing sure (a script, a schema change, a write to a table not in the schema). server/db/read-cache.ts keeps a
// cached read only while nothing it read has changed; what it cannot place counts as more change, never as less: a
// read that names a `*` reads every column, a write other than a plain update changes whole rows.

export type StatementTables =
  /** `columns`: for each table, the columns of it the text names; a table left out (a `*`) is read whole. */
  | { kind: "read"; tables: string[]; columns: Record<string, string[]>; timeDependent: boolean }
  /** `columns`: for a table whose rows only had these columns set (an update); a table left out changed whole rows. */
  | { kind: "write"; tables: string[]; columns: Record<string, string[]> }
  | { kind: "everything" }
  | { kind: "none" };

/**
 * The console's tables (their SQL names): for each the tables a write to it may change through foreign keys, its
 * columns, and those of them a foreign key refers to (setting one is a change of whole rows: it may cascade).
 */
function tablesAndCascades() {
  const names = new Set<string>();
  const children = new Map<string, Set<string>>();
  const columns = new Map<string, Set<string>>();
  const referenced = new Map<string, Set<string>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    names.add(config.name);
    columns.set(config.name, new Set(config.columns.map((column) => column.name)));
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const parent = getTableConfig(reference.foreignTable).name;
      if (!referenced.has(parent)) referenced.set(parent, new Set());
      for (const column of reference.foreignColumns) referenced.get(parent)!.add(column.name);
      const changesChild = [foreignKey.onDelete, foreignKey.onUpdate].some((action) => action !== undefined && action !== "no action" && action !== "restrict");
      if (!changesChild) continue;
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
  return { names, closure, columns, referenced };
}

/**
 * Tables the database's own triggers write when a table changes (server/db/migrations): for each, the table they
 * write and the columns whose update fires them (an insert or a delete always does). tests/api/read-cache.test.ts
 * fails while a table with a trigger is missing here.
 */
export const TRIGGERED_WRITES: Record<string, { table: string; onUpdateOf: string[] }> = {
  paths: { table: "connector_loads", onUpdateOf: ["bandwidth_mbps", "source_connector_id", "destination_connector_id"] },
};

function withTriggers(closure: Map<string, string[]>) {
  for (const [name, tables] of closure) {
    const triggered = tables.flatMap((table) => TRIGGERED_WRITES[table]?.table ?? []);
    closure.set(name, [...new Set([...tables, ...triggered])]);
  }
  return closure;
}

const { names: TABLES, closure, columns: COLUMNS, referenced: REFERENCED } = tablesAndCascades();
/** The tables a write to each table changes: through cascading foreign keys, then through triggers. */
const CHANGED_WITH = withTriggers(closure);

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

/** The tables a read names, and for each the columns of it the read may read (server/db/sql-columns.ts). */
function namedTables(sql: string): { tables: string[]; columns: Record<string, string[]> } {
  const tables = [...new Set([...sql.matchAll(IDENTIFIER)].map((match) => match[1] ?? match[2].toLowerCase()))].filter((name) => TABLES.has(name));
  return { tables, columns: readColumns(sql, tables, (table) => COLUMNS.get(table)!) };
}

/**
 * The columns a plain update sets, when its text says so for sure (server/db/sql-columns.ts): columns of the target
 * that no foreign key refers to. Undefined otherwise (the update then counts as changing whole rows).
 */
function setColumns(sql: string): { table: string; columns: string[] } | undefined {
  const update = updatedColumns(sql);
  const own = update && COLUMNS.get(update.table);
  if (!update || !own || update.columns.some((column) => !own.has(column) || REFERENCED.get(update.table)?.has(column))) return undefined;
  return update;
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
    if (targets.length > 0) return { kind: "write", tables: targets, columns: {} };
    return { kind: "read", ...namedTables(sql), timeDependent: TIME_OR_CHANCE.test(sql) };
  }
  if (verb === "update") {
    const set = setColumns(sql);
    if (set) {
      const trigger = TRIGGERED_WRITES[set.table];
      if (!trigger || !set.columns.some((column) => trigger.onUpdateOf.includes(column))) {
        return { kind: "write", tables: [set.table], columns: { [set.table]: set.columns } };
      }
      return { kind: "write", tables: [set.table, trigger.table], columns: { [set.table]: set.columns } };
    }
  }
  if (verb === "insert" || verb === "update" || verb === "delete") {
    const targets = writeTargets(sql);
    return targets && targets.length > 0 ? { kind: "write", tables: targets, columns: {} } : { kind: "everything" };
  }
  return { kind: "everything" };
}
