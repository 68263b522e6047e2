"use client";

import { CircleCheck, FileSearch, FileUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CsvFileField } from "./csv-file-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { CSV_IMPORT_MAX_BYTES, readCsv } from "@/lib/csv/read";
import { useCsvImport, type CsvImportTarget } from "@/lib/csv/queries";
import type { CsvImportResult } from "@/lib/csv/schema";
import type { QueryKey } from "@tanstack/react-query";

/** The columns each import needs (the rest of an export's columns are optional or ignored). */
export const CSV_IMPORT_REQUIRED: Record<CsvImportTarget["kind"], string[]> = {
  sites: ["name", "type", "location.address", "location.latitude", "location.longitude"],
  connectors: ["name", "kind", "bandwidth"],
  paths: ["name", "layer", "sourceSiteName", "sourceConnectorName", "destinationSiteName", "destinationConnectorName", "bandwidth"],
  devices: ["serialNumber", "claimCode"],
};

type Picked = { name: string; csv: string } | { name: string; error: string } | null;

/**
 * Import from CSV: pick a file (read and checked as a file here, with the server's reader), check it (a dry run that
 * lists every problem by line and column and writes nothing), then import it (every row or none).
 */
export function ImportCsvDialog({ target, refresh, onClose }: { target: CsvImportTarget; refresh: readonly QueryKey[]; onClose: () => void }) {
  const t = useTranslations("csvImport");
  const tc = useTranslations("common");
  const tr = useTranslations();
  const [picked, setPicked] = useState<Picked>(null);
  const [checked, setChecked] = useState<CsvImportResult | null>(null);
  const importCsv = useCsvImport(target, refresh);
  const result = importCsv.data;
  const done = result?.applied ? result : null;

  const onFile = async (file: File | undefined) => {
    importCsv.reset();
    setChecked(null);
    if (!file) return setPicked(null);
    if (file.size > CSV_IMPORT_MAX_BYTES) {
      return setPicked({ name: file.name, error: tr("validation.csvTooLarge", { kilobytes: Math.round(CSV_IMPORT_MAX_BYTES / 1024) }) });
    }
    const csv = await file.text();
    const read = readCsv(csv);
    setPicked(read.ok ? { name: file.name, csv } : { name: file.name, error: tr(read.error.key as never, read.error.values as never) });
  };

  const run = (dryRun: boolean) => {
    if (!picked || !("csv" in picked)) return;
    importCsv.mutate({ csv: picked.csv, dryRun }, { onSuccess: (answer) => dryRun && setChecked(answer) });
  };
  const report = done ?? checked;
  const canImport = Boolean(checked && checked.errors.length === 0 && !done);

  return (
    <Dialog open onOpenChange={(next) => !next && !importCsv.isPending && onClose()}>
      <DialogContent closeLabel={tc("close")} className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl" data-testid="import-csv-dialog">
        <DialogHeader>
          <DialogTitle>{t(`title.${target.kind}`)}</DialogTitle>
          <DialogDescription>
            {t("description")} {t(`match.${target.kind}`)}
          </DialogDescription>
        </DialogHeader>
        {!done && (
          <div className="flex flex-col gap-3">
            <CsvFileField
              hint={t("format")}
              columns={CSV_IMPORT_REQUIRED[target.kind].join(", ")}
              label={t("file")}
              testId="import-csv-file"
              error={picked && "error" in picked ? picked.error : undefined}
              onFile={(file) => void onFile(file)}
            />
            {picked && "csv" in picked && !checked && (
              <p className="text-sm" data-testid="import-csv-read">
                {t("read", { file: picked.name })}
              </p>
            )}
            {importCsv.error && <ErrorAlert error={importCsv.error} />}
          </div>
        )}
        {report && (
          <div className="flex min-w-0 flex-col gap-3" data-testid="import-csv-report">
            <Alert variant={report.errors.length > 0 ? "destructive" : "default"}>
              <AlertDescription data-testid="import-csv-summary">
                {done ? (
                  <span className="flex items-center gap-1.5">
                    <CircleCheck aria-hidden className="size-4 shrink-0 text-status-healthy" />
                    {t("done", { created: done.created, updated: done.updated, unchanged: done.unchanged })}
                  </span>
                ) : report.errors.length > 0 ? (
                  t("failed", { count: report.errors.length })
                ) : (
                  t("summary", { rows: report.rows, created: report.created, updated: report.updated, unchanged: report.unchanged })
                )}
              </AlertDescription>
            </Alert>
            {report.errors.length > 0 && (
              <div className="max-h-80 min-w-0 overflow-auto rounded-md border">
                <Table data-testid="import-csv-errors">
                  <TableHeader>
                    <TableRow>
                      <TableHead className="pl-3">{t("columns.line")}</TableHead>
                      <TableHead>{t("columns.column")}</TableHead>
                      <TableHead className="pr-3">{t("columns.message")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.errors.map((error, index) => (
                      <TableRow key={`${error.line}-${error.column}-${index}`} data-testid="import-csv-error" data-line={error.line}>
                        <TableCell className="pl-3 align-top tabular-nums">{error.line}</TableCell>
                        <TableCell className="align-top font-mono text-xs break-all whitespace-normal">{error.column ?? t("row")}</TableCell>
                        <TableCell className="pr-3 whitespace-normal">{error.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={importCsv.isPending}>
            {tc("close")}
          </Button>
          {!done && (
            <Button
              type="button"
              variant={canImport ? "outline" : "default"}
              busy={importCsv.isPending && importCsv.variables?.dryRun === true}
              disabled={!picked || !("csv" in picked) || importCsv.isPending}
              onClick={() => run(true)}
              data-testid="import-csv-check"
            >
              <FileSearch aria-hidden />
              {t("check")}
            </Button>
          )}
          {!done && (
            <Button
              type="button"
              busy={importCsv.isPending && importCsv.variables?.dryRun === false}
              disabled={!canImport || importCsv.isPending}
              onClick={() => run(false)}
              data-testid="import-csv-submit"
            >
              <FileUp aria-hidden />
              {t("import")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
