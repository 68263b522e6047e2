"use client";

import type { QueryKey } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { Button } from "@/components/ui/button";
import type { CsvImportTarget } from "@/lib/csv/queries";

// The dialog (and the CSV reader it checks files with) is fetched on the intent to import.
const ImportCsvDialog = lazyComponent(() => import("./import-csv-dialog").then((module) => module.ImportCsvDialog));

/** "Import CSV" on a list page that imports (sites, connectors, paths): opens the Import dialog. */
export function ImportCsvButton({ target, refresh }: { target: CsvImportTarget; refresh: readonly QueryKey[] }) {
  const t = useTranslations("csvImport");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        onMouseEnter={ImportCsvDialog.preload}
        onFocus={ImportCsvDialog.preload}
        onClick={() => setOpen(true)}
        data-testid={`import-${target.kind}`}
      >
        <Upload aria-hidden />
        {t("button")}
      </Button>
      {open && <ImportCsvDialog target={target} refresh={refresh} onClose={() => setOpen(false)} />}
    </>
  );
}
