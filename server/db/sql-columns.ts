// The columns a statement reads or sets, table by table, from its text (server/db/statement-tables.ts): enough of
// SQL's scopes to tell "updated_at" in a list of paths from a site's, where Drizzle writes both unqualified, and an
// update's list of columns from the values it sets them to. Every doubt reads more, never less: a column it cannot
// place is read from every table that has one, a `*` reads every column.

type Token =
  | { kind: "word"; name: string; quoted: boolean }
  | { kind: "dot" | "star" | "comma" | "equals" | "other" }
  | { kind: "open"; scope: Scope | undefined }
  | { kind: "close" };

/** A select: the tables its from list and joins declare (by name or alias), and its own tokens. */
interface Scope {
  parent: Scope | undefined;
  declared: Map<string, string>;
  tokens: Token[];
}

const WORD = /^[a-z_][a-z0-9_$]*/i;
/** Words after a table that are no alias. */
const NOT_AN_ALIAS = new Set([
  "where", "on", "join", "inner", "left", "right", "full", "cross", "natural", "group", "order", "limit", "offset", "union", "using", "for",
  "having", "window", "returning", "set", "lateral", "and", "or", "except", "intersect", "tablesample", "outer", "as", "only",
]);
const PUNCTUATION: Partial<Record<string, "dot" | "star" | "comma" | "equals">> = { ".": "dot", "*": "star", ",": "comma", "=": "equals" };
/** What opens a scope of its own after a parenthesis. */
const SELECTS = new Set(["select", "with", "values"]);

/** The statement's tokens, each select's in a scope of its own (the statement's the outermost). */
function scopes(sql: string): Scope[] {
  const top: Scope = { parent: undefined, declared: new Map(), tokens: [] };
  const all = [top];
  // The open parentheses: the scope each opened, or undefined for a group in the same scope (a call, a list).
  const stack: (Scope | undefined)[] = [];
  let scope = top;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    if (/\s/.test(char)) {
      i++;
    } else if (char === "'") {
      const end = sql.indexOf("'", i + 1);
      i = end < 0 ? sql.length : end + 1;
      scope.tokens.push({ kind: "other" });
    } else if (char === '"') {
      const end = sql.indexOf('"', i + 1);
      scope.tokens.push({ kind: "word", name: sql.slice(i + 1, end < 0 ? sql.length : end), quoted: true });
      i = end < 0 ? sql.length : end + 1;
    } else if (char === "(") {
      const next = WORD.exec(sql.slice(i + 1).trimStart())?.[0].toLowerCase();
      const inner: Scope | undefined = next && SELECTS.has(next) ? { parent: scope, declared: new Map(), tokens: [] } : undefined;
      scope.tokens.push({ kind: "open", scope: inner });
      stack.push(inner);
      if (inner) {
        all.push(inner);
        scope = inner;
      }
      i++;
    } else if (char === ")") {
      if (stack.pop()) scope = scope.parent ?? top;
      scope.tokens.push({ kind: "close" });
      i++;
    } else {
      const word = WORD.exec(sql.slice(i, i + 64));
      if (word) {
        scope.tokens.push({ kind: "word", name: word[0].toLowerCase(), quoted: false });
        i += word[0].length;
      } else {
        scope.tokens.push({ kind: PUNCTUATION[char] ?? "other" });
        i++;
      }
    }
  }
  return all;
}

const isWord = (token: Token | undefined): token is Extract<Token, { kind: "word" }> => token?.kind === "word";
/** Whether `token` is this unquoted word. */
const keyword = (token: Token | undefined, name: string) => isWord(token) && !token.quoted && token.name === name;

/** Words after which a `*` is a select list's: select *, select distinct *, select all *, returning *. */
const BEFORE_SELECT_STAR = new Set(["select", "distinct", "all", "returning"]);

/**
 * Whether the `*` at `at` multiplies: it follows an operand — a column or a value, or a parenthesis closing one
 * (not `distinct on (...)`, which a select list follows). Any doubt makes it a select list's.
 */
function isProduct(tokens: Token[], at: number): boolean {
  const before = tokens[at - 1];
  if (before?.kind === "other") return true; // a number, a parameter ($1) or a cast's end
  if (isWord(before)) return before.quoted || !BEFORE_SELECT_STAR.has(before.name);
  if (before?.kind !== "close") return false;
  for (let depth = 0, i = at - 1; i >= 0; i--) {
    if (tokens[i].kind === "close") depth++;
    else if (tokens[i].kind === "open" && --depth === 0) return !keyword(tokens[i - 1], "on");
  }
  return false;
}

/**
 * For each of `tables` (the tables the text names), the columns of it a read may read; a table left out is read
 * whole. `columnsOf(table)` gives a table's columns.
 */
export function readColumns(sql: string, tables: readonly string[], columnsOf: (table: string) => ReadonlySet<string>): Record<string, string[]> {
  const named = new Set(tables);
  const read = new Map<string, Set<string> | "all">(tables.map((table) => [table, new Set<string>()]));
  const whole = (table: string) => read.set(table, "all");
  const add = (table: string, column: string) => {
    const columns = read.get(table);
    if (columns && columns !== "all" && columnsOf(table).has(column)) columns.add(column);
  };
  /** A column it cannot place: every named table's that has one. */
  const anyTable = (column: string) => tables.forEach((table) => add(table, column));
  const all = scopes(sql);

  // What each select declares: from t [as] a, join t [as] a, from a, t b — a table's own name stands for it too.
  const declaration = new Set<Token>();
  for (const scope of all) {
    const tokens = scope.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const introduces = keyword(token, "from") || keyword(token, "join") || (token.kind === "comma" && scope.declared.size > 0);
      if (!introduces) continue;
      let at = i + 1;
      if (keyword(tokens[at], "only")) at++;
      // A schema-qualified table: "public"."sites".
      if (isWord(tokens[at]) && tokens[at + 1]?.kind === "dot" && isWord(tokens[at + 2])) at += 2;
      const table = tokens[at];
      if (!isWord(table) || !named.has(table.name) || tokens[at + 1]?.kind === "dot" || tokens[at + 1]?.kind === "open") continue;
      declaration.add(table);
      scope.declared.set(table.name, table.name);
      let aliasAt = at + 1;
      if (keyword(tokens[aliasAt], "as")) aliasAt++;
      const alias = tokens[aliasAt];
      if (isWord(alias) && (alias.quoted || !NOT_AN_ALIAS.has(alias.name)) && tokens[aliasAt + 1]?.kind !== "dot") {
        declaration.add(alias);
        scope.declared.set(alias.name, table.name);
      }
    }
  }

  const resolve = (scope: Scope | undefined, name: string): string | undefined => {
    for (let at = scope; at; at = at.parent) {
      const table = at.declared.get(name);
      if (table) return table;
    }
    return named.has(name) ? name : undefined;
  };

  for (const scope of all) {
    const tokens = scope.tokens;
    const own = [...new Set(scope.declared.values())];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.kind === "star") {
        // count(*) and a product (its operands are read where they stand) read no column of their own. A select
        // list's `*` reads every column of the select's tables — with none declared, only its subqueries' and common
        // tables' columns, which their own selects noted — or of every table when one's name stands here undeclared
        // (a join in parentheses).
        const counted = tokens[i - 1]?.kind === "open" && keyword(tokens[i - 2], "count") && tokens[i + 1]?.kind === "close";
        if (counted || isProduct(tokens, i)) continue;
        const undeclared = tokens.some(
          (other, at) => isWord(other) && named.has(other.name) && !declaration.has(other) && tokens[at + 1]?.kind !== "dot" && !scope.declared.has(other.name),
        );
        (undeclared ? tables : own).forEach(whole);
        continue;
      }
      if (!isWord(token) || declaration.has(token)) continue;
      if (tokens[i + 1]?.kind === "dot") {
        // qualifier.column or qualifier.*: the qualifier's table, or any table for a qualifier it does not know.
        const table = resolve(scope, token.name);
        const column = tokens[i + 2];
        if (column?.kind === "star") {
          if (table) whole(table);
          else tables.forEach(whole);
        } else if (isWord(column)) {
          if (table) add(table, column.name);
          else anyTable(column.name);
        }
        i += 2;
        continue;
      }
      if (!token.quoted && tokens[i + 1]?.kind === "open") continue; // a function's name
      // An alias alone is its table's whole row (to_jsonb(s), select s from sites s).
      const aliased = resolve(scope, token.name);
      if (aliased && token.name !== aliased) {
        whole(aliased);
        continue;
      }
      // An unqualified column: the innermost select's tables that have it, else any table's.
      let placed = false;
      for (let at: Scope | undefined = scope; at && !placed; at = at.parent) {
        for (const table of new Set(at.declared.values())) {
          if (!columnsOf(table).has(token.name)) continue;
          add(table, token.name);
          placed = true;
        }
      }
      if (!placed) anyTable(token.name);
    }
  }
  const columns: Record<string, string[]> = {};
  for (const [table, columnSet] of read) if (columnSet !== "all") columns[table] = [...columnSet].sort();
  return columns;
}

/** What ends an update's list of columns, outside parentheses. */
const SET_ENDS = ["where", "from", "returning"];

/**
 * A plain update's target and the columns its list sets, as written — update t [[as] alias] set c = ..., c = ... —
 * or undefined for any other shape (a list of columns in parentheses, a column's field or element).
 */
export function updatedColumns(sql: string): { table: string; columns: string[] } | undefined {
  const tokens = scopes(sql)[0].tokens;
  if (!keyword(tokens[0], "update")) return undefined;
  // A schema-qualified table: "public"."sites".
  let at = isWord(tokens[1]) && tokens[2]?.kind === "dot" ? 3 : 1;
  const table = tokens[at++];
  if (!isWord(table)) return undefined;
  if (keyword(tokens[at], "as")) at++;
  if (!keyword(tokens[at], "set") && isWord(tokens[at])) at++; // its alias
  if (!keyword(tokens[at], "set")) return undefined;
  const items: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens.slice(at + 1)) {
    if (token.kind === "open") depth++;
    else if (token.kind === "close") depth--;
    if (depth === 0 && token.kind === "comma") items.push([]);
    else if (depth === 0 && SET_ENDS.some((end) => keyword(token, end))) break;
    else items[items.length - 1].push(token);
  }
  const columns: string[] = [];
  for (const [column, equals] of items) {
    if (!isWord(column) || equals?.kind !== "equals") return undefined;
    columns.push(column.name);
  }
  return { table: table.name, columns };
}
