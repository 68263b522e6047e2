"use client";

import { FileText, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { AwsConfigUpload } from "@/lib/sites/schema";
import { readAwsConfigFile } from "./aws-config";

interface AwsConfigFileInputProps {
  /** Called with the checked file, or null when the chosen file is not acceptable. */
  onFile: (upload: AwsConfigUpload | null) => void;
  label: string;
  busy?: boolean;
  disabled?: boolean;
}

/** A button that opens the file chooser for a .txt file and reads and checks what was chosen. */
export function AwsConfigFileInput({ onFile, label, busy, disabled }: AwsConfigFileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [reading, setReading] = useState(false);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".txt,text/plain"
        className="sr-only"
        tabIndex={-1}
        data-testid="aws-config-file"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setReading(true);
          onFile(await readAwsConfigFile(file));
          setReading(false);
        }}
      />
      <Button type="button" variant="outline" size="sm" busy={busy || reading} disabled={disabled} onClick={() => input.current?.click()}>
        <Upload aria-hidden />
        {label}
      </Button>
    </>
  );
}

/** The create form's optional file: chosen now, uploaded once the site exists. */
export function AwsConfigFileField({ value, onChange }: { value: AwsConfigUpload | null; onChange: (upload: AwsConfigUpload | null) => void }) {
  const t = useTranslations();
  const [failed, setFailed] = useState(false);
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{t("sites.form.awsConfig")}</span>
      <div className="flex flex-wrap items-center gap-3">
        <AwsConfigFileInput
          label={t("sites.awsConfig.upload")}
          onFile={(upload) => {
            setFailed(upload === null);
            onChange(upload);
          }}
        />
        {value && (
          <span className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="aws-config-chosen">
            <FileText aria-hidden className="size-4" />
            {t("sites.form.awsConfigChosen", { file: value.fileName })}
          </span>
        )}
      </div>
      {failed ? (
        <p className="text-sm text-destructive" role="alert" data-testid="aws-config-error">
          {t("validation.awsConfigFile")}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("sites.form.awsConfigHint")}</p>
      )}
    </div>
  );
}
