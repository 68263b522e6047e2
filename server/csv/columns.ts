import "server-only";
import type { z } from "zod";

// The columns of an exported list, read from the schema its API answers with: one column per field, a nested object
// flattened into dotted names (location.address, location.latitude), in the schema's order, every variant of a union
// included (a standard site's awsAccountId is empty). The headers are the API's field names on purpose, never the
// words of the user's language: a file must import back whatever language it was exported in, and a script reads the
// same names in the file as in the JSON.

export interface CsvColumn<T = unknown> {
  header: string;
  value: (row: T) => unknown;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The dotted field paths of a schema (a field that is not an object is one path). */
function fieldPaths(schema: z.ZodType, prefix: string[], into: string[][]): void {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const before = into.length;
        fieldPaths(field, [...prefix, key], into);
        if (into.length === before) into.push([...prefix, key]);
      }
      return;
    case "union":
      for (const option of def.options ?? []) fieldPaths(option, prefix, into);
      return;
    case "intersection":
      fieldPaths(def.left!, prefix, into);
      fieldPaths(def.right!, prefix, into);
      return;
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "catch":
    case "nonoptional":
      fieldPaths(def.innerType!, prefix, into);
      return;
    case "pipe":
      fieldPaths(def.out && defOf(def.out).type !== "transform" ? def.out : def.in!, prefix, into);
      return;
    case "lazy":
      fieldPaths(def.getter!(), prefix, into);
      return;
    default:
      if (prefix.length > 0) into.push(prefix);
  }
}

const valueAt = (row: unknown, path: readonly string[]) =>
  path.reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), row);

/** The columns of a list whose rows the schema describes, each once (the first variant that has it sets its place). */
export function csvColumns<T>(schema: z.ZodType<T>, { omit = [] }: { omit?: readonly string[] } = {}): CsvColumn<T>[] {
  const paths: string[][] = [];
  fieldPaths(schema, [], paths);
  const seen = new Set<string>();
  const columns: CsvColumn<T>[] = [];
  for (const path of paths) {
    const header = path.join(".");
    if (seen.has(header) || omit.some((name) => header === name || header.startsWith(`${name}.`))) continue;
    seen.add(header);
    columns.push({ header, value: (row) => valueAt(row, path) });
  }
  return columns;
}
