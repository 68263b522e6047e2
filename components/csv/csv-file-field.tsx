"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

/**
 * An import dialog's file: what the file must hold, the picker, and why a picked file cannot be read. The browser's
 * own file input speaks the browser's language, not the console's: it is hidden behind a button, as the AWS
 * configuration file's is (components/sites/aws-config-file.tsx); the dialog says which file was chosen.
 */
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
  const t = useTranslations("csvImport");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="rounded-md border bg-muted/40 p-3 text-xs">
        <p className="mb-1 text-muted-foreground">{hint}</p>
        <pre className="overflow-x-auto font-mono whitespace-pre-wrap break-all">{columns}</pre>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          data-testid={testId}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => input.current?.click()}>
          <Upload aria-hidden />
          {t("chooseFile")}
        </Button>
      </div>
      {error && <ErrorAlert message={error} />}
    </>
  );
}
