"use client";

import { CircleCheck, CircleX, FileUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CsvFileField } from "@/components/csv/csv-file-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DEVICE_CSV_MAX_BYTES, parseDeviceCsv } from "@/lib/inventory/csv";
import { useImportDevices } from "@/lib/inventory/queries";
import type { DeviceImportResult, DeviceImportRow } from "@/lib/inventory/schema";

type Read = { name: string; rows: DeviceImportRow[] } | { name: string; error: string } | null;

/** One line of the report: added, or refused with every reason. */
interface ReportLine {
  line: number;
  serialNumber: string;
  errors: string[] | null;
}

const reportLines = (result: DeviceImportResult): ReportLine[] =>
  [
    ...result.added.map(({ line, device }) => ({ line, serialNumber: device.serialNumber, errors: null })),
    ...result.failed.map(({ line, serialNumber, errors }) => ({ line, serialNumber, errors })),
  ].sort((a, b) => a.line - b.line);

/**
 * Add devices from a CSV file: the file is read in the browser (papaparse), the API checks every row and adds the
 * good rows together; the report says, line by line, which rows were added and why the others were not.
 */
export function ImportDevicesDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("inventory.import");
  const tc = useTranslations("common");
  const tr = useTranslations();
  const [read, setRead] = useState<Read>(null);
  const importDevices = useImportDevices();
  const result = importDevices.data;

  const onFile = async (file: File | undefined) => {
    importDevices.reset();
    if (!file) return setRead(null);
    if (file.size > DEVICE_CSV_MAX_BYTES) return setRead({ name: file.name, error: t("tooLarge", { kilobytes: DEVICE_CSV_MAX_BYTES / 1024 }) });
    const parsed = parseDeviceCsv(await file.text());
    setRead(parsed.ok ? { name: file.name, rows: parsed.rows } : { name: file.name, error: tr(parsed.error.key as never, parsed.error.values as never) });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !importDevices.isPending && onClose()}>
      <DialogContent closeLabel={tc("close")} className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl" data-testid="import-devices-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {!result && (
          <div className="flex flex-col gap-3">
            <CsvFileField
              hint={t("format")}
              columns={"serialNumber,claimCode,model,softwareVersion\nMX-E200-0001,ABCD1234,E200,24.3.1"}
              label={t("file")}
              testId="import-file"
              error={read && "error" in read ? read.error : undefined}
              onFile={(file) => void onFile(file)}
            />
            {read && "rows" in read && (
              <p className="text-sm" data-testid="import-read">
                {t("read", { count: read.rows.length, file: read.name })}
              </p>
            )}
            {importDevices.error && <ErrorAlert error={importDevices.error} />}
          </div>
        )}
        {result && (
          <div className="flex min-w-0 flex-col gap-3" data-testid="import-report">
            <Alert variant={result.failed.length > 0 ? "destructive" : "default"}>
              <AlertDescription data-testid="import-summary">{t("summary", { added: result.added.length, failed: result.failed.length })}</AlertDescription>
            </Alert>
            <div className="max-h-80 min-w-0 overflow-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="pl-3">{t("columns.line")}</TableHead>
                    <TableHead>{t("columns.serialNumber")}</TableHead>
                    <TableHead className="pr-3">{t("columns.result")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {reportLines(result).map((line) => (
                    <TableRow key={line.line} data-testid="import-line" data-outcome={line.errors ? "failed" : "added"}>
                      <TableCell className="pl-3 align-top tabular-nums">{line.line}</TableCell>
                      <TableCell className="align-top font-mono text-xs break-all whitespace-normal">{line.serialNumber || "—"}</TableCell>
                      <TableCell className="pr-3 whitespace-normal">
                        {line.errors ? (
                          <span className="flex items-start gap-1.5">
                            <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-status-bad" />
                            <span>{line.errors.join(" ")}</span>
                          </span>
                        ) : (
                          <span className="flex items-center gap-1.5">
                            <CircleCheck aria-hidden className="size-4 shrink-0 text-status-healthy" />
                            {t("added")}
                          </span>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={importDevices.isPending}>
            {tc("close")}
          </Button>
          {!result && (
            <Button
              type="button"
              busy={importDevices.isPending}
              disabled={!read || !("rows" in read)}
              onClick={() => read && "rows" in read && importDevices.mutate(read.rows)}
              data-testid="import-submit"
            >
              <FileUp aria-hidden />
              {t("submit")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
