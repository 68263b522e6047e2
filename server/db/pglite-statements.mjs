// Prepared statements for the embedded database, on its thread (server/db/pglite-thread.mjs) or on the main thread
// (server/db/client.ts: the tests' in-memory images, PGLITE_THREAD=main). PGlite's query() sends every
// statement as six protocol messages, each a trip into PostgreSQL's WebAssembly — parse, describe the parameters,
// bind, describe the result, execute, sync — and PostgreSQL parses and analyses the text again each time. The
// console sends the same few hundred statements over and over (Drizzle builds the same text for every request of
// a kind, the values as parameters), so a statement seen a second time is parsed once under a name and from then on
// runs as one trip: bind, execute, sync. A one-row lookup costs 35 µs instead of 170 µs; the paths list 2.2 ms
// instead of 2.6 ms (scripts on the scale seed).
//
// What stays as PGlite's query() does it: the mutexes (a statement outside a transaction waits for an open one to
// end), the parameters' serializers and the rows' parsers (by the types PostgreSQL describes), the database's error
// with its fields, the flush to disk after a statement outside a transaction.
import { protocol, types } from "@electric-sql/pglite";

const { serialize } = protocol;

/** Statements kept prepared at once; the least recently used one is closed past it. */
export const STATEMENT_CACHE_SIZE = 256;
/** Texts remembered as seen once: a text used a single time (a migration, a script) is never prepared. */
const SEEN_LIMIT = 4096;
/** Statements that change tables: never prepared, and every prepared statement is closed after one succeeds. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;
/** Statements PostgreSQL plans nothing for, or that hold no plan worth keeping. */
const NOT_PREPARED = /^\s*(create|alter|drop|comment|grant|revoke|vacuum|analyze|reindex|cluster|refresh|copy|listen|unlisten|notify|deallocate|discard|prepare|execute)\b/i;
/** "cached plan must not change result type": a table a prepared statement reads changed shape under it. */
const RESULT_TYPE_CHANGED = "0A000";

const ROW_COUNT_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

function concat(parts) {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A statement cache over one PGlite instance. `query(sql, params, options, tx)` answers as PGlite's query() does
 * ({ rows, fields, affectedRows }); `tx`, the open transaction's handle, says the caller holds PGlite's transaction,
 * so only the query mutex is taken. `exec(sql, options, tx)` is PGlite's exec(), after which prepared statements are
 * closed (a script may change tables).
 */
export function createStatementCache(db, { size = STATEMENT_CACHE_SIZE } = {}) {
  /** sql → { name, paramTypes, fields } in use order (a Map keeps insertion order: re-inserted when used). */
  const prepared = new Map();
  const seen = new Set();
  let nextName = 1;
  /** Type parsers by the set of types the caller keeps as text, merged once. */
  const parserSets = new Map();
  let stale = false;

  const parsersFor = (options) => {
    const overrides = options?.parsers;
    if (!overrides) return db.parsers;
    const key = Object.keys(overrides).join(",");
    let merged = parserSets.get(key);
    if (!merged) {
      merged = { ...db.parsers, ...overrides };
      parserSets.set(key, merged);
    }
    return merged;
  };

  const run = (messages) => db.execProtocolStream(concat(messages), { syncToFs: false });

  /** Closes every prepared statement (tables changed: their descriptions may be wrong). */
  async function closeAll() {
    stale = false;
    if (prepared.size === 0) return;
    const closes = [...prepared.values()].map(({ name }) => serialize.close({ type: "S", name }));
    prepared.clear();
    await run([...closes, serialize.sync()]);
  }

  async function prepare(sql) {
    const name = `maia_${nextName++}`;
    const answer = await run([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]);
    const parameters = answer.find((message) => message.name === "parameterDescription");
    const rows = answer.find((message) => message.name === "rowDescription");
    const statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      fields: rows?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
    };
    prepared.set(sql, statement);
    if (prepared.size > size) {
      const [oldestSql, oldest] = prepared.entries().next().value;
      prepared.delete(oldestSql);
      await run([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]);
    }
    return statement;
  }

  async function execute(statement, params, options) {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : param.toString();
    });
    const answer = await run([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
    const parsers = parsersFor(options);
    const { fields } = statement;
    const rows = [];
    let affectedRows = 0;
    for (const message of answer) {
      if (message.name === "dataRow") {
        const values = message.fields;
        if (options?.rowMode === "array") {
          const row = new Array(values.length);
          for (let i = 0; i < values.length; i++) row[i] = types.parseType(values[i], fields[i].dataTypeID, parsers);
          rows.push(row);
        } else {
          const row = {};
          for (let i = 0; i < values.length; i++) row[fields[i].name] = types.parseType(values[i], fields[i].dataTypeID, parsers);
          rows.push(row);
        }
      } else if (message.name === "commandComplete") {
        const parts = message.text.split(" ");
        if (ROW_COUNT_COMMANDS.has(parts[0])) affectedRows += Number.parseInt(parts[parts.length - 1], 10) || 0;
      }
    }
    return { rows, fields, affectedRows };
  }

  /** The prepared statement for a text seen before; undefined the first time (PGlite's own query() runs it). */
  async function statementFor(sql) {
    const statement = prepared.get(sql);
    if (statement) {
      prepared.delete(sql);
      prepared.set(sql, statement);
      return statement;
    }
    if (seen.has(sql) && !NOT_PREPARED.test(sql)) return prepare(sql);
    if (seen.size >= SEEN_LIMIT) seen.clear();
    seen.add(sql);
    return undefined;
  }

  /** Under PGlite's query mutex: the answer through a prepared statement, or undefined to run it as PGlite does. */
  async function preparedAnswer(sql, params, options) {
    if (stale) await closeAll();
    const statement = await statementFor(sql);
    if (!statement) return undefined;
    try {
      return await execute(statement, params, options);
    } catch (error) {
      // A table the statement reads changed shape under it: all are closed before the next, which prepares it again.
      if (error?.code === RESULT_TYPE_CHANGED) stale = true;
      error.query = sql;
      throw error;
    }
  }

  return {
    /** PGlite's query(), through prepared statements. `tx` is the open transaction's handle, or undefined. */
    async query(sql, params = [], options = {}, tx = undefined) {
      let result;
      if (tx) {
        result = await db._runExclusiveQuery(() => preparedAnswer(sql, params, options));
      } else {
        // Outside a transaction: wait for any open one to end, as PGlite's query() does, and flush to disk after.
        result = await db._runExclusiveTransaction(() =>
          db._runExclusiveQuery(async () => {
            let answer;
            try {
              answer = await preparedAnswer(sql, params, options);
            } catch (error) {
              if (error?.code !== RESULT_TYPE_CHANGED) throw error;
              answer = await preparedAnswer(sql, params, options);
            }
            if (answer) await db.syncToFs();
            return answer;
          }),
        );
      }
      if (result) return result;
      const direct = await (tx ?? db).query(sql, params, options);
      if (SCHEMA_CHANGE.test(sql)) stale = true;
      return { rows: direct.rows, fields: direct.fields, affectedRows: direct.affectedRows };
    },
    /** PGlite's exec() (several statements, any of which may change tables): prepared statements are closed before the next. */
    exec(sql, options = undefined, tx = undefined) {
      return (tx ?? db).exec(sql, options).finally(() => {
        stale = true;
      });
    },
    get size() {
      return prepared.size;
    },
  };
}
