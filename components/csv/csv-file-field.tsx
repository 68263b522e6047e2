"use client";

import { useId } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** An import dialog's file: what the file must hold, the picker, and why a picked file cannot be read. */
export function CsvFileField({
  hint,
  columns,
  label,
  testId,
  error,
  onFile,
}: {
  hint: string;
  columns: string;
  label: string;
  testId: string;
  error?: string;
  onFile: (file: File | undefined) => void;
}) {
  const inputId = useId();
  return (
    <>
      <div className="rounded-md border bg-muted/40 p-3 text-xs">
        <p className="mb-1 text-muted-foreground">{hint}</p>
        <pre className="overflow-x-auto font-mono whitespace-pre-wrap break-all">{columns}</pre>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        <Input id={inputId} type="file" accept=".csv,text/csv" data-testid={testId} onChange={(event) => onFile(event.target.files?.[0])} />
      </div>
      {error && <ErrorAlert message={error} />}
    </>
  );
}
