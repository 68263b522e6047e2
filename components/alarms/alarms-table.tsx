"use client";

import { CircleCheck, MessageSquareText } from "lucide-react";
import { useTranslations } from "next-intl";
import { DataHeads, DataRow, dataColumnCount, type DataColumn, type TableSorting } from "@/components/common/data-table";
import { Timestamp } from "@/components/common/timestamp";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "@/components/ui/table";
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
  sorting,
}: {
  alarms: Alarm[];
  selection?: AlarmSelection;
  /** Set when the user sees several organizations: the column says whose alarm it is. */
  organizationName?: (organizationId: string) => string;
  empty: React.ReactNode;
  sorting?: TableSorting;
}) {
  const t = useTranslations("alarms");
  const catalogue = useTranslations();
  const allSelected = selection && alarms.length > 0 && alarms.every((alarm) => selection.selected.has(alarm.id));
  const someSelected = selection && alarms.some((alarm) => selection.selected.has(alarm.id));
  // The API answers in the reader's language; a page prefetched on the server holds the stored message.
  const messageOf = (alarm: Alarm) => translateAlarmMessage(catalogue, alarm.message);
  const candidates: (DataColumn<Alarm> | false | undefined)[] = [
    selection && {
      id: "select",
      header: (
        <Checkbox
          aria-label={t("selectAll")}
          checked={allSelected ? true : someSelected ? "indeterminate" : false}
          onCheckedChange={(checked) => selection.toggleAll(checked === true)}
          disabled={alarms.length === 0}
          data-testid="alarm-select-all"
        />
      ),
      label: t("selectAll"),
      headClassName: "w-10 pl-4",
      cellClassName: "pl-4",
      cell: (alarm) => (
        <Checkbox
          aria-label={t("selectAlarm", { message: messageOf(alarm) })}
          checked={selection.selected.has(alarm.id)}
          onCheckedChange={(next) => selection.toggle(alarm.id, next === true)}
          data-testid="alarm-select"
        />
      ),
    },
    {
      id: "severity",
      label: t("columns.severity"),
      sort: "severity",
      headClassName: cn("w-28", !selection && "pl-4"),
      cellClassName: cn(!selection && "pl-4"),
      cell: (alarm) => <AlarmSeverityBadge severity={alarm.severity} />,
    },
    {
      id: "message",
      label: t("columns.message"),
      headClassName: "min-w-48 @4xl:min-w-64",
      cellClassName: "whitespace-normal",
      cell: (alarm) => (
        <>
          <span className={cn("font-medium", !alarm.acknowledged && "text-foreground")}>{messageOf(alarm)}</span>
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
        </>
      ),
    },
    { id: "type", label: t("columns.type"), priority: 3, cellClassName: "text-muted-foreground", cell: (alarm) => t(`types.${alarmTypeWord(alarm)}`) },
    organizationName && {
      id: "organization",
      label: t("columns.organization"),
      priority: 3,
      cell: (alarm) => organizationName(alarm.organizationId),
    },
    {
      id: "raisedAt",
      label: t("columns.raisedAt"),
      sort: "time",
      priority: 2,
      cellClassName: "text-muted-foreground tabular-nums",
      cell: (alarm) => (
        <span data-testid="alarm-raised-at">
          <Timestamp value={alarm.raisedAt} seconds={false} />
        </span>
      ),
    },
    {
      id: "acknowledged",
      label: t("columns.acknowledged"),
      priority: 2,
      headClassName: "min-w-36 pr-4 @4xl:min-w-48",
      cellClassName: "pr-4 whitespace-normal",
      cell: (alarm) => (
        <div data-testid="alarm-acknowledgement">
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
        </div>
      ),
    },
  ];
  const columns = candidates.filter((column): column is DataColumn<Alarm> => Boolean(column));
  return (
    <div className="@container">
      <Table data-testid="alarms-table" className="[&_td]:py-2.5">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <DataHeads columns={columns} sorting={sorting} />
          </TableRow>
        </TableHeader>
        <TableBody>
          {alarms.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={dataColumnCount(columns)} className="py-12 text-center whitespace-normal text-muted-foreground" data-testid="alarms-empty">
                {empty}
              </TableCell>
            </TableRow>
          )}
          {alarms.map((alarm) => (
            <DataRow
              key={alarm.id}
              row={alarm}
              columns={columns}
              name={messageOf(alarm)}
              rowProps={{
                "data-testid": "alarm-row",
                "data-alarm-id": alarm.id,
                "data-acknowledged": alarm.acknowledged,
                "data-state": selection?.selected.has(alarm.id) ? "selected" : undefined,
                className: cn("align-top", alarm.acknowledged && "text-muted-foreground"),
              }}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
