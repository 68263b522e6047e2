import { z } from "zod";
import { messageWithValues } from "@/lib/validation/messages";
import { CSV_IMPORT_MAX_BYTES } from "./read";

// POST …/import — a CSV file's text, checked (dryRun) or imported; the answer reports it row by row.

export const csvImportSchema = z.strictObject({
  csv: z
    .string({ error: "validation.csvEmpty" })
    .max(CSV_IMPORT_MAX_BYTES, messageWithValues("validation.csvTooLarge", { kilobytes: Math.round(CSV_IMPORT_MAX_BYTES / 1024) })),
  /** Check every row and write nothing. */
  dryRun: z.boolean({ error: "validation.invalidValue" }).default(false),
});
export type CsvImport = z.infer<typeof csvImportSchema>;
export type CsvImportInput = z.input<typeof csvImportSchema>;

export const CSV_IMPORT_OUTCOMES = ["created", "updated", "unchanged"] as const;

/** A refused row's problem: the catalogue key with its values (the server's), or its words (the answer's). */
export interface CsvImportRowIssue {
  line: number;
  column: string | null;
  key: string;
  values?: Record<string, string | number>;
}

export interface CsvImportReport {
  dryRun: boolean;
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  issues: CsvImportRowIssue[];
  outcomes: { line: number; name: string; outcome: (typeof CSV_IMPORT_OUTCOMES)[number] }[];
}

export const csvImportResultSchema = z.object({
  /** True for a dry run: nothing was written whatever the rows. */
  dryRun: z.boolean(),
  /** Whether the rows were written (all of them): never on a dry run or when a row is refused. */
  applied: z.boolean(),
  rows: z.number().int(),
  /** What the rows did (or, on a dry run, would do); 0 when a refused row kept the file from being imported. */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Every problem, by line of the file and column (the API's field name; null for the row as a whole), in the caller's language. */
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() })),
  outcomes: z.array(z.object({ line: z.number().int(), name: z.string(), outcome: z.enum(CSV_IMPORT_OUTCOMES) })),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
