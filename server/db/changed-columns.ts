// What an update sets: only the columns whose value it changes. Besides a smaller write, the embedded database's read
// cache (server/db/read-cache.ts) then keeps every read that names none of them — renaming nothing keeps every list
// that shows a site's name when its description is edited.

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === "object" && a !== null && typeof b === "object" && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** The entries of `columns` whose value differs from the stored row's; none when the update changes nothing. */
export function changedColumns<T extends object>(row: Partial<Record<keyof T, unknown>>, columns: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(columns) as (keyof T)[]) if (!same(columns[key], row[key])) changed[key] = columns[key];
  return changed;
}

/** Whether `changed` (changedColumns') sets nothing. */
export const setsNothing = (changed: object) => Object.keys(changed).length === 0;
