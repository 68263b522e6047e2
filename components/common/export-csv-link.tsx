"use client";

import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * "Export CSV": a download of the list's `.csv` route with the query the list shows (its filter and sort). The browser
 * fetches it with the session's cookie and saves the file the server streams; the page never holds the rows.
 */
export function ExportCsvLink({ href, className }: { href: string; className?: string }) {
  const t = useTranslations("csvExport");
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={href} download title={t("hint")} data-testid="export-csv">
        <Download aria-hidden />
        {t("button")}
      </a>
    </Button>
  );
}
