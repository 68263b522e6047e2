import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";

/** The header of a row-actions column: no word shown, one for screen readers (axe: empty-table-header). */
export function ActionsHead({ className }: { className?: string }) {
  const t = useTranslations("common");
  return (
    <TableHead className={className}>
      <span className="sr-only">{t("actions")}</span>
    </TableHead>
  );
}

/** Placeholder rows while a table's first page loads. */
export function TableLoadingRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <TableRow key={index}>
      <TableCell colSpan={columns} className="px-4">
        <Skeleton className="h-5 w-full" />
      </TableCell>
    </TableRow>
  ));
}

/** The one row of a table with nothing to show, saying why (nothing yet, or nothing matches the search). */
export function TableEmptyRow({ columns, testId, children }: { columns: number; testId?: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className="px-4 py-10 text-center whitespace-normal text-muted-foreground" data-testid={testId}>
        {children}
      </TableCell>
    </TableRow>
  );
}
