"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { translateAlarmMessage } from "@/lib/alarms/message";
import type { CatalogueTranslator } from "@/lib/i18n/stored-message";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { cn } from "@/lib/utils";
import { diffFields, type DiffChange, type DiffRow } from "@/lib/events/diff";
import { useEventFieldLabel } from "./labels";

// Snapshots keep what was stored: lifecycle summaries and alarm messages as catalogue messages, read here in the
// reader's language (each translator passes any other text through).
function storedText(t: CatalogueTranslator, text: string): string {
  return translateAlarmMessage(t, translateLifecycleSummary(t, text) ?? text);
}

function Value({ value }: { value: unknown }) {
  const t = useTranslations("events.diff");
  const catalogue = useTranslations();
  if (value === undefined || value === null || value === "") return <span className="text-muted-foreground">{t("empty")}</span>;
  if (typeof value === "string") return <span className="break-all">{storedText(catalogue, value)}</span>;
  if (typeof value === "number" || typeof value === "boolean") return <span className="tabular-nums">{String(value)}</span>;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) {
    return value.length === 0 ? <span className="text-muted-foreground">{t("emptyList")}</span> : <span className="break-all">{value.join(", ")}</span>;
  }
  return <pre className="max-h-48 overflow-auto rounded bg-muted/60 p-2 text-xs whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
}

const ROW_TONE: Record<DiffChange, string> = {
  changed: "bg-status-warning/10 [&>td:first-child]:border-l-status-warning",
  added: "bg-status-healthy/10 [&>td:first-child]:border-l-status-healthy",
  removed: "bg-status-bad/10 [&>td:first-child]:border-l-status-bad",
  unchanged: "text-muted-foreground",
};

function Row({ row }: { row: DiffRow }) {
  const t = useTranslations("events.diff");
  const fieldLabel = useEventFieldLabel();
  return (
    <tr className={cn("border-b last:border-0 align-top", ROW_TONE[row.change])} data-testid="diff-row" data-change={row.change} data-path={row.path}>
      <td className="border-l-2 border-l-transparent py-1.5 pr-3 pl-2 text-xs whitespace-nowrap" title={row.path}>
        {fieldLabel(row.path)}
        {row.change !== "unchanged" && <span className="sr-only"> ({t(`changes.${row.change}`)})</span>}
      </td>
      <td className={cn("py-1.5 pr-3", row.change !== "unchanged" && "line-through decoration-muted-foreground/60")} data-testid="diff-before">
        <Value value={row.before} />
      </td>
      <td className={cn("py-1.5 pr-2", row.change !== "unchanged" && "font-medium")} data-testid="diff-after">
        <Value value={row.after} />
      </td>
    </tr>
  );
}

/** The before/after of a configuration change: changed fields highlighted, unchanged ones a click away. */
export function EventDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useTranslations("events.diff");
  const rows = diffFields(before, after);
  const changed = rows.filter((row) => row.change !== "unchanged");
  const unchanged = rows.length - changed.length;
  const [showAll, setShowAll] = useState(changed.length === 0);
  const shown = showAll ? rows : changed;
  return (
    <div className="flex flex-col gap-2" data-testid="event-diff">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th className="py-1.5 pr-3 pl-2 font-medium">{t("field")}</th>
            <th className="w-2/5 py-1.5 pr-3 font-medium">{t("before")}</th>
            <th className="w-2/5 py-1.5 pr-2 font-medium">{t("after")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <Row key={row.path} row={row} />
          ))}
        </tbody>
      </table>
      {unchanged > 0 && changed.length > 0 && (
        <Button variant="link" size="sm" className="h-auto self-start p-0 text-xs" onClick={() => setShowAll(!showAll)} data-testid="diff-toggle-unchanged">
          {showAll ? t("hideUnchanged") : t("showUnchanged", { count: unchanged })}
        </Button>
      )}
    </div>
  );
}
