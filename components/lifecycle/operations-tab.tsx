"use client";

import { Info, Pencil, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { DataHeads, DataRow, dataColumnCount, useUrlSort, type ColumnPriority, type DataColumn } from "@/components/common/data-table";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TableCell, TableRow } from "@/components/ui/table";
import { lifecycleBatches } from "@/lib/lifecycle/batches";
import { lifecycleOperationsExportHref, lifecycleOperationsQueryOptions } from "@/lib/lifecycle/queries";
import type { LifecycleOperation, LifecycleTab } from "@/lib/lifecycle/schema";
import type { SortColumn } from "@/lib/sorting";
import { cn } from "@/lib/utils";
import { Duration, Person, ProgressBar, StatusBadge, useOperationLabel, ZonedTime } from "./operation-cells";

const OperationDetails = lazyComponent(() => import("./operation-details").then((module) => module.OperationDetails));
const RescheduleDialog = lazyComponent(() => import("./reschedule-dialog").then((module) => module.RescheduleDialog));
const CancelOperations = lazyComponent(() => import("./cancel-operations").then((module) => module.CancelOperations));

type Column = "device" | "operation" | "status" | "scheduled" | "started" | "finished" | "duration" | "progress" | "summary" | "createdBy" | "updated";

/** What each tab shows of an operation; the details panel shows everything. */
const COLUMNS: Record<LifecycleTab, Column[]> = {
  scheduled: ["device", "operation", "status", "scheduled", "createdBy", "updated"],
  running: ["device", "operation", "status", "started", "duration", "progress", "createdBy", "updated"],
  // Who cancelled an operation is said under who created it: the row fits a laptop.
  finished: ["device", "operation", "status", "finished", "duration", "progress", "summary", "createdBy"],
};

/** How much each column matters (components/common/data-table.tsx), the API column its head sorts by, its cell's class. */
const COLUMN_LAYOUT: Record<Column, { priority: ColumnPriority; sort?: SortColumn<"lifecycle">; className?: string }> = {
  device: { priority: 1 },
  operation: { priority: 2, className: "max-w-40 min-w-28 whitespace-normal" },
  status: { priority: 1, sort: "state" },
  scheduled: { priority: 1, sort: "time" },
  started: { priority: 2, className: "text-muted-foreground" },
  finished: { priority: 2, className: "text-muted-foreground" },
  duration: { priority: 3 },
  progress: { priority: 3 },
  summary: { priority: 2, className: "max-w-56 min-w-32 whitespace-normal" },
  createdBy: { priority: 3 },
  updated: { priority: 3, className: "text-muted-foreground" },
};

/** The columns a tab is read for, kept in view at any width. */
const KEPT_IN_VIEW: Record<LifecycleTab, readonly Column[]> = { scheduled: [], running: ["progress"], finished: ["finished", "summary"] };

function CellContent({ column, operation }: { column: Column; operation: LifecycleOperation }) {
  const t = useTranslations("lifecycle");
  const label = useOperationLabel();
  switch (column) {
    case "device":
      return (
        <>
          <div className="font-mono text-xs font-medium" data-testid="lifecycle-serial">
            {operation.serialNumber}
          </div>
          {operation.nodeName && <div className="max-w-40 truncate text-xs text-muted-foreground">{operation.nodeName}</div>}
        </>
      );
    case "operation":
      return <div data-testid="lifecycle-operation">{label(operation)}</div>;
    case "status":
      return <StatusBadge status={operation.status} />;
    case "scheduled":
      return (
        <div data-testid="lifecycle-scheduled-at">
          <ZonedTime value={operation.scheduledAt} short />
        </div>
      );
    case "started":
      return <ZonedTime value={operation.startedAt} short />;
    case "finished":
      return <ZonedTime value={operation.finishedAt} short />;
    case "duration":
      return <Duration operation={operation} />;
    case "progress":
      return <ProgressBar operation={operation} />;
    case "summary":
      // A cancelled operation has none: a dash, as any empty cell.
      return <div data-testid="lifecycle-summary">{operation.summary || <span className="text-muted-foreground">—</span>}</div>;
    case "createdBy":
      return (
        <>
          <Person name={operation.createdBy} />
          {operation.cancelledBy && (
            <div className="max-w-44 truncate text-xs text-muted-foreground" data-testid="lifecycle-cancelled-by">
              {t("cancelledBy", { person: operation.cancelledBy })}
            </div>
          )}
        </>
      );
    case "updated":
      return <ZonedTime value={operation.updatedAt} short />;
  }
}

/** The summary of the operations one schedule created together (SPEC §4), above them on the Finished tab. */
function BatchHeading({ batch: { operations, summary, unfinished }, span }: { batch: ReturnType<typeof lifecycleBatches>[number]; span: number }) {
  const t = useTranslations();
  const label = useOperationLabel();
  const [first] = operations;
  const failed = summary?.key === "lifecycle.summary.someFailed";
  return (
    <TableRow className="bg-muted/40 hover:bg-muted/40" data-testid="lifecycle-batch">
      <TableCell colSpan={span} className="pl-4 whitespace-normal">
        {/* Kept in view while a narrow screen scrolls the table sideways. */}
        <div className="sticky left-4 flex max-w-[calc(100vw-4rem)] flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {summary && (
            <span
              className={cn("font-medium", failed ? "text-status-bad" : summary.key === "lifecycle.summary.allSuccess" ? "text-status-healthy" : "text-muted-foreground")}
              data-testid="lifecycle-batch-summary"
            >
              {t(summary.key, summary.values)}
            </span>
          )}
          {unfinished > 0 && (
            <span className="font-medium text-muted-foreground" data-testid="lifecycle-batch-unfinished">
              {t("lifecycle.batch.unfinished", { count: unfinished })}
            </span>
          )}
          <span className="font-medium">{t("lifecycle.batch.heading", { operation: label(first), count: operations.length + unfinished })}</span>
          {first.createdBy && <span className="text-muted-foreground">{t("lifecycle.batch.by", { person: first.createdBy })}</span>}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** One lifecycle tab: its operations a page at a time, live; people who may act edit, cancel and select to cancel. */
export function OperationsTab({ tab }: { tab: LifecycleTab }) {
  const t = useTranslations("lifecycle");
  const { organization } = useConsole();
  const canWrite = useCan("msp:lifecycle:write");
  const { asked, sorting } = useUrlSort("lifecycle", { sort: "time", order: tab === "finished" ? "desc" : "asc" });
  const operations = usePagedList(() => lifecycleOperationsQueryOptions(organization.id, tab, asked), { keepPrevious: true });
  const rows = operations.rows;
  const [details, setDetails] = useState<LifecycleOperation | null>(null);
  const [editing, setEditing] = useState<LifecycleOperation | null>(null);
  const [cancelling, setCancelling] = useState<LifecycleOperation[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const selectable = tab === "scheduled" && canWrite;
  // Only what is still listed can be selected: an operation that started meanwhile leaves the selection.
  const chosen = rows.filter((operation) => selected.has(operation.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const shownDetails = details && (rows.find((operation) => operation.id === details.id) ?? details);

  const actions = (operation: LifecycleOperation) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("details.open", { serialNumber: operation.serialNumber })}
        title={t("details.open", { serialNumber: operation.serialNumber })}
        onPointerEnter={OperationDetails.preload}
        onClick={() => setDetails(operation)}
        data-testid="lifecycle-details-open"
      >
        <Info aria-hidden />
      </Button>
      {canWrite && operation.status === "scheduled" && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("reschedule.open", { serialNumber: operation.serialNumber })}
            title={t("reschedule.open", { serialNumber: operation.serialNumber })}
            onPointerEnter={RescheduleDialog.preload}
            onClick={() => setEditing(operation)}
            data-testid="lifecycle-edit"
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive"
            aria-label={t("cancel.open", { serialNumber: operation.serialNumber })}
            title={t("cancel.open", { serialNumber: operation.serialNumber })}
            onPointerEnter={CancelOperations.preload}
            onClick={() => setCancelling([operation])}
            data-testid="lifecycle-cancel"
          >
            <X aria-hidden />
          </Button>
        </>
      )}
    </div>
  );

  const columns: DataColumn<LifecycleOperation>[] = [
    ...(selectable
      ? [
          {
            id: "select",
            header: (
              <Checkbox
                checked={allChosen ? true : chosen.length > 0 ? "indeterminate" : false}
                onCheckedChange={(on) => setSelected(on === true ? new Set(rows.map((operation) => operation.id)) : new Set())}
                aria-label={t("columns.selectAll")}
                disabled={rows.length === 0}
                data-testid="lifecycle-select-all"
              />
            ),
            label: t("columns.selectAll"),
            headClassName: "w-8 pl-4",
            cellClassName: "w-8 pl-4",
            cell: (operation: LifecycleOperation) => (
              <Checkbox
                checked={selected.has(operation.id)}
                onCheckedChange={(on) => toggle(operation.id, on === true)}
                aria-label={t("columns.select", { serialNumber: operation.serialNumber })}
                data-testid="lifecycle-select"
              />
            ),
          },
        ]
      : []),
    ...COLUMNS[tab].map((column, index): DataColumn<LifecycleOperation> => {
      const layout = COLUMN_LAYOUT[column];
      const first = index === 0 && !selectable ? "pl-4" : undefined;
      return {
        id: column,
        label: t(`columns.${column}`),
        sort: layout.sort,
        // What each tab is read for never folds away: a running operation's bar, a finished one's end and summary.
        priority: KEPT_IN_VIEW[tab].includes(column) ? 1 : layout.priority,
        headClassName: first,
        cellClassName: cn(first, layout.className),
        cell: (operation) => <CellContent column={column} operation={operation} />,
      };
    }),
    { id: "actions", label: t("columns.actions"), labelHidden: true, headClassName: "pr-4", cellClassName: "pr-4", cell: actions },
  ];
  const span = dataColumnCount(columns);

  const renderRow = (operation: LifecycleOperation) => (
    <DataRow
      key={operation.id}
      row={operation}
      columns={columns}
      name={operation.serialNumber}
      rowProps={{ "data-testid": "lifecycle-row", "data-serial": operation.serialNumber, "data-state": selected.has(operation.id) ? "selected" : undefined }}
    />
  );

  return (
    <div className="flex flex-col gap-3" data-testid={`lifecycle-${tab}`}>
      {selectable && chosen.length > 0 && (
        <div className="flex items-center justify-end">
          <Button variant="outline" size="sm" className="text-destructive" onClick={() => setCancelling(chosen)} data-testid="lifecycle-cancel-selected">
            <X aria-hidden />
            {t("cancel.selected", { count: chosen.length })}
          </Button>
        </div>
      )}
      <PagedTable
        list={operations}
        exportCsv={lifecycleOperationsExportHref(organization.id, tab, asked)}
        testId="lifecycle-table"
        columns={span}
        header={<DataHeads columns={columns} sorting={sorting} />}
        empty={
          <>
            <p>{t(`empty.${tab}`)}</p>
            {canWrite && tab !== "finished" && <p className="mt-1 text-xs">{t("emptyHint")}</p>}
          </>
        }
        emptyTestId="lifecycle-empty"
        loadMore={{ label: t("loadMore") }}
      >
        {(operationRows) =>
          tab === "finished"
            ? lifecycleBatches(operationRows).map((batch) => (
                <Fragment key={batch.key}>
                  {(batch.operations.length > 1 || batch.unfinished > 0) && <BatchHeading batch={batch} span={span} />}
                  {batch.operations.map(renderRow)}
                </Fragment>
              ))
            : operationRows.map(renderRow)
        }
      </PagedTable>
      {shownDetails && <OperationDetails operation={shownDetails} open onOpenChange={(open) => !open && setDetails(null)} />}
      {editing && <RescheduleDialog operation={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      {cancelling && (
        <CancelOperations
          operations={cancelling}
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          onCancelled={(ids) =>
            setSelected((current) => {
              const next = new Set(current);
              for (const id of ids) next.delete(id);
              return next;
            })
          }
        />
      )}
    </div>
  );
}
