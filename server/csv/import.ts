import "server-only";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { cellsByColumn, readCsv } from "@/lib/csv/read";
import type { CsvImportReport, CsvImportRowIssue } from "@/lib/csv/schema";
import { mutateTogether } from "@/server/core/changes";
import { DomainError, NotFoundError, ValidationError, type FieldIssue, type MessageValues } from "@/server/core/errors";
import type { ServiceContext } from "@/server/core/service-context";
import { validationError } from "@/server/core/validation";

// The CSV import of a list (sites, connectors, paths): one mechanism, each kind saying how a row becomes the input of
// its create form, how it is found again, and which service creates or updates it.
//
// - Every row goes through the kind's own schema and then its own services (createSite, updateConnector…), inside one
//   transaction: the same messages as the forms and every domain rule (a connector's headroom, a VLAN taken, a port
//   to assign), by row and column, in the caller's language.
// - All or nothing: one row refused and nothing is written. A dry run runs the whole import and rolls it back, so it
//   finds what the import would (a path over a connector another row of the file fills up included).
// - Idempotent: a row is matched to what exists by its natural key (a site's name in its organization, a connector's
//   in its site, a path's in its organization). A match is updated with the row's fields, and a row whose fields are
//   already there changes nothing (no event): a file imported twice creates nothing the second time, and a file just
//   exported imports back as all unchanged. Two existing objects under one name: the row is refused (which one?).

/** A column's refusal, before the services are reached. */
export interface ColumnIssue {
  column: string;
  key: string;
  values?: MessageValues;
}

export interface ImportKind<Input, Lookup> {
  /** What the rows go into ("sites of <organization>"): two imports into one target run one after the other. */
  target: string;
  /** The columns the header must name. */
  required: readonly string[];
  /** What the rows are resolved against (the target's sites and connectors by name), read in the import's transaction. */
  prepare(context: ServiceContext): Promise<Lookup>;
  /** The row as its create form's input (before the schema), and the columns that cannot even become one. */
  input(cells: Map<string, string>, lookup: Lookup): { input: Record<string, unknown>; issues: ColumnIssue[] };
  /** The row through the kind's own schema (its create form's). */
  parse(input: Record<string, unknown>): z.ZodSafeParseResult<Input>;
  /** The natural key: the row's object is the one of this name in the target. */
  key(input: Input): string;
  /** The existing objects' ids under each key. */
  existing: (lookup: Lookup) => Map<string, string[]>;
  create(context: ServiceContext, input: Input): Promise<unknown>;
  update(context: ServiceContext, id: string, input: Input, lookup: Lookup): Promise<unknown>;
  /** The column of a field a service names (an input's path, "location.address"); by default the same. */
  column?: (path: string) => string;
  /** A header cell as the column it names ("Serial Number" → serialNumber); by default as written. */
  header?: (name: string) => string;
  /** The column holding the natural key, and the message for a key the file repeats; by default the name's. */
  keyColumn?: string;
  duplicateKey?: string;
}

/** Thrown inside the transaction to undo it: a dry run, or a file with a refused row. */
class RollBack extends Error {}

interface Checked<Input> {
  line: number;
  input: Input;
  key: string;
}

const issueOf = (line: number, column: string | null, key: string, values?: MessageValues): CsvImportRowIssue => ({ line, column, key, ...(values ? { values } : {}) });

/** The rows of a file checked, imported together (or only tried, for a dry run), and the report row by row. */
export async function importCsv<Input, Lookup>(
  context: ServiceContext,
  kind: ImportKind<Input, Lookup>,
  csv: string,
  dryRun: boolean,
): Promise<CsvImportReport> {
  const columnOf = kind.column ?? ((path: string) => path);
  const issues: CsvImportRowIssue[] = [];
  const report: CsvImportReport = { dryRun, applied: false, rows: 0, created: 0, updated: 0, unchanged: 0, issues, outcomes: [] };

  const run = async (batch: ServiceContext, changes: readonly unknown[]) => {
    // A retry sent while the first try still runs waits for it, then finds its rows: no name is created twice.
    await batch.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`csv-import:${kind.target}`}))`);
    // The target first: another tenant's is missing, whatever the file holds.
    const lookup = await kind.prepare(batch);
    const read = readFile(csv, kind.required, kind.header);
    report.rows = read.records.length;
    const existing = kind.existing(lookup);
    const checked: Checked<Input>[] = [];
    const firstLine = new Map<string, number>();
    for (const record of read.records) {
      const { input, issues: cellIssues } = kind.input(cellsByColumn(read.header, record), lookup);
      for (const issue of cellIssues) issues.push(issueOf(record.line, issue.column, issue.key, issue.values));
      if (cellIssues.length > 0) continue;
      const parsed = kind.parse(input);
      if (!parsed.success) {
        for (const issue of validationError(parsed.error).issues ?? []) issues.push(issueOf(record.line, issue.path ? columnOf(issue.path) : null, issue.key, issue.values));
        continue;
      }
      const key = kind.key(parsed.data);
      const earlier = firstLine.get(key);
      if (earlier !== undefined) {
        issues.push(issueOf(record.line, kind.keyColumn ?? "name", kind.duplicateKey ?? "validation.csvDuplicateInFile", { line: earlier }));
        continue;
      }
      firstLine.set(key, record.line);
      if ((existing.get(key)?.length ?? 0) > 1) {
        issues.push(issueOf(record.line, kind.keyColumn ?? "name", "validation.csvAmbiguousName", { name: key }));
        continue;
      }
      checked.push({ line: record.line, input: parsed.data, key });
    }
    for (const row of checked) {
      const id = existing.get(row.key)?.[0];
      const before = changes.length;
      try {
        await (id ? kind.update(batch, id, row.input, lookup) : kind.create(batch, row.input));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        issues.push(...domainIssues(row.line, error, columnOf));
        continue;
      }
      const outcome = !id ? "created" : changes.length > before ? "updated" : "unchanged";
      report[outcome] += 1;
      report.outcomes.push({ line: row.line, name: row.key, outcome });
    }
    if (dryRun || issues.length > 0) throw new RollBack();
  };

  try {
    await mutateTogether(context, run);
    report.applied = true;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  issues.sort((a, b) => a.line - b.line);
  report.outcomes.sort((a, b) => a.line - b.line);
  if (!report.applied) {
    // Nothing was written: what the rows would have done is what a dry run reports; after a refusal, the counts are 0.
    if (!dryRun) Object.assign(report, { created: 0, updated: 0, unchanged: 0, outcomes: [] });
  }
  return report;
}

/** The file's rows, or why it cannot be read at all (not CSV text, too large, a required column missing). */
function readFile(csv: string, required: readonly string[], header?: (name: string) => string) {
  const file = readCsv(csv);
  if (!file.ok) throw new ValidationError(file.error.key, file.error.values, [{ path: "csv", key: file.error.key, values: file.error.values }]);
  const read = header ? { ...file, header: file.header.map(header) } : file;
  const missing = required.filter((column) => !read.header.includes(column));
  if (missing.length > 0) {
    const values = { columns: missing.join(", ") };
    throw new ValidationError("validation.csvMissingColumns", values, [{ path: "csv", key: "validation.csvMissingColumns", values }]);
  }
  return read;
}

/** A service's refusal as the row's issues: by field when it names some, else on the row. */
function domainIssues(line: number, error: DomainError, columnOf: (path: string) => string): CsvImportRowIssue[] {
  const fields: FieldIssue[] = error instanceof ValidationError && error.issues?.length ? error.issues : [];
  if (fields.length > 0) return fields.map((issue) => issueOf(line, issue.path && issue.path !== "body" ? columnOf(issue.path) : null, issue.key, issue.values));
  // A target that vanished or is out of sight reads as a missing one: the row's reference.
  const key = error instanceof NotFoundError && error.key === "apiErrors.notFound" ? "validation.csvNotFound" : error.key;
  return [issueOf(line, error.field ? columnOf(error.field) : null, key, error.values)];
}
