"use client";

import { CircleCheck, MessageSquareText } from "lucide-react";
import { useTranslations } from "next-intl";
import { Timestamp } from "@/components/common/timestamp";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { alarmTypeWord, translateAlarmMessage } from "@/lib/alarms/message";
import type { Alarm } from "@/lib/alarms/schema";
import { cn } from "@/lib/utils";
import { AlarmSeverityBadge } from "./alarm-severity-badge";

export interface AlarmSelection {
  selected: ReadonlySet<string>;
  toggle: (alarmId: string, checked: boolean) => void;
  toggleAll: (checked: boolean) => void;
}

/** A dense, calm list of alarms; checkboxes only for those who may acknowledge. */
export function AlarmsTable({
  alarms,
  selection,
  organizationName,
  empty,
}: {
  alarms: Alarm[];
  selection?: AlarmSelection;
  /** Set when the user sees several organizations: the column says whose alarm it is. */
  organizationName?: (organizationId: string) => string;
  empty: React.ReactNode;
}) {
  const t = useTranslations("alarms");
  const catalogue = useTranslations();
  const allSelected = selection && alarms.length > 0 && alarms.every((alarm) => selection.selected.has(alarm.id));
  const someSelected = selection && alarms.some((alarm) => selection.selected.has(alarm.id));
  const columns = 5 + (selection ? 1 : 0) + (organizationName ? 1 : 0);
  return (
    <Table data-testid="alarms-table" className="[&_td]:py-2.5">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection && (
            <TableHead className="w-10 pl-4">
              <Checkbox
                aria-label={t("selectAll")}
                checked={allSelected ? true : someSelected ? "indeterminate" : false}
                onCheckedChange={(checked) => selection.toggleAll(checked === true)}
                disabled={alarms.length === 0}
                data-testid="alarm-select-all"
              />
            </TableHead>
          )}
          <TableHead className={cn("w-28", !selection && "pl-4")}>{t("columns.severity")}</TableHead>
          <TableHead className="min-w-64">{t("columns.message")}</TableHead>
          <TableHead>{t("columns.type")}</TableHead>
          {organizationName && <TableHead>{t("columns.organization")}</TableHead>}
          <TableHead>{t("columns.raisedAt")}</TableHead>
          <TableHead className="min-w-48 pr-4">{t("columns.acknowledged")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {alarms.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns} className="py-12 text-center whitespace-normal text-muted-foreground" data-testid="alarms-empty">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {alarms.map((alarm) => {
          const checked = selection?.selected.has(alarm.id) ?? false;
          // The API answers in the reader's language; a page prefetched on the server holds the stored message.
          const message = translateAlarmMessage(catalogue, alarm.message);
          return (
            <TableRow
              key={alarm.id}
              data-testid="alarm-row"
              data-alarm-id={alarm.id}
              data-acknowledged={alarm.acknowledged}
              data-state={checked ? "selected" : undefined}
              className={cn("align-top", alarm.acknowledged && "text-muted-foreground")}
            >
              {selection && (
                <TableCell className="pl-4">
                  <Checkbox
                    aria-label={t("selectAlarm", { message })}
                    checked={checked}
                    onCheckedChange={(next) => selection.toggle(alarm.id, next === true)}
                    data-testid="alarm-select"
                  />
                </TableCell>
              )}
              <TableCell className={cn(!selection && "pl-4")}>
                <AlarmSeverityBadge severity={alarm.severity} />
              </TableCell>
              <TableCell className="whitespace-normal">
                <span className={cn("font-medium", !alarm.acknowledged && "text-foreground")}>{message}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <span className="font-mono" data-testid="alarm-source">
                    <span className="sr-only">{t("columns.source")}: </span>
                    {alarm.source}
                  </span>
                  {alarm.clearedAt && (
                    <>
                      <Badge variant="healthy" data-testid="alarm-cleared">
                        <CircleCheck aria-hidden />
                        {t("cleared")}
                      </Badge>
                      <Timestamp value={alarm.clearedAt} seconds={false} />
                      {alarm.clearedReason && <span data-testid="alarm-cleared-reason">{translateAlarmMessage(catalogue, alarm.clearedReason)}</span>}
                    </>
                  )}
                </span>
              </TableCell>
              <TableCell className="text-muted-foreground">{t(`types.${alarmTypeWord(alarm)}`)}</TableCell>
              {organizationName && <TableCell>{organizationName(alarm.organizationId)}</TableCell>}
              <TableCell className="text-muted-foreground tabular-nums">
                <Timestamp value={alarm.raisedAt} seconds={false} />
              </TableCell>
              <TableCell className="pr-4 whitespace-normal" data-testid="alarm-acknowledgement">
                {alarm.acknowledged ? (
                  <div className="flex flex-col gap-0.5">
                    <span className="text-foreground">{alarm.acknowledgedBy}</span>
                    {alarm.acknowledgedAt && <Timestamp value={alarm.acknowledgedAt} seconds={false} className="text-xs tabular-nums" />}
                    {alarm.note && (
                      <span className="mt-1 flex items-start gap-1.5 text-xs" data-testid="alarm-note">
                        <MessageSquareText aria-label={t("note")} className="mt-px size-3.5 shrink-0" />
                        <span className="italic">{alarm.note}</span>
                      </span>
                    )}
                  </div>
                ) : (
                  <span className="text-muted-foreground">{t("notAcknowledged")}</span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
