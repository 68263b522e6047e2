// A configuration change, field by field: nested objects become dotted paths ("location.latitude"), so the fields
// that changed can be shown side by side with the ones that did not.

export type DiffChange = "added" | "removed" | "changed" | "unchanged";

export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: DiffChange;
}

const MAX_DEPTH = 6;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Leaves of a value by dotted path; arrays and values below the depth limit stay whole. */
function flatten(value: unknown, prefix: string, depth: number, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && depth < MAX_DEPTH && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, depth + 1, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/** Deep equality for JSON values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b as object, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

const absent = (value: unknown) => value === undefined || value === null;

/**
 * The rows of a before/after pair, changed ones first (in the order the fields appear), then the unchanged ones.
 * A value that is not an object (a created or deleted thing's missing side, a scalar) is shown under "value".
 */
export function diffFields(before: unknown, after: unknown): DiffRow[] {
  const wrap = (value: unknown) => (isPlainObject(value) || absent(value) ? value : { value });
  const left = flatten(wrap(before), "", 0, new Map());
  const right = flatten(wrap(after), "", 0, new Map());
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  const rows = paths.map((path): DiffRow => {
    const was = left.get(path);
    const now = right.get(path);
    const change: DiffChange = sameValue(was, now)
      ? "unchanged"
      : absent(was) && !left.has(path)
        ? "added"
        : absent(now) && !right.has(path)
          ? "removed"
          : "changed";
    return { path, before: was, after: now, change };
  });
  return [...rows.filter((row) => row.change !== "unchanged"), ...rows.filter((row) => row.change === "unchanged")];
}

/** Whether an event carries a configuration change to show. */
export function hasChange(event: { before?: unknown; after?: unknown }): boolean {
  return !absent(event.before) || !absent(event.after);
}

