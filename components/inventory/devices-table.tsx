"use client";

import { CalendarClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedDataTable, type DataColumn, type TableSorting } from "@/components/common/data-table";
import type { PagedListState } from "@/components/common/paged-list";
import { useBusyText } from "@/components/lifecycle/device-choice";
import type { Device } from "@/lib/inventory/schema";
import type { Page } from "@/lib/pagination";
import { ConfiguredBadge, ReportingBadge } from "./device-badges";

interface DevicesTableProps {
  list: PagedListState<Page<Device>>;
  /** What an empty list says. */
  empty: React.ReactNode;
  /** The operator's view shows which MSP holds each device. */
  showMsp?: boolean;
  /** The row's buttons (none for read-only users). */
  actions?: (device: Device) => React.ReactNode;
  sorting?: TableSorting;
  /** The list as CSV, with the filter it shows. */
  exportCsv?: string;
}

/** The devices of an inventory page: serial number (and the operation that holds it), model and version, configured, node, reporting (SPEC §3). */
export function DevicesTable({ list, empty, showMsp = false, actions, sorting, exportCsv }: DevicesTableProps) {
  const t = useTranslations("inventory");
  const busyText = useBusyText();
  const columns: (DataColumn<Device> | false | undefined)[] = [
    {
      id: "serialNumber",
      label: t("columns.serialNumber"),
      sort: "serialNumber",
      headClassName: "pl-4",
      cellClassName: "pl-4",
      cell: (device) => (
        <>
          <div className="font-mono text-xs font-medium">{device.serialNumber}</div>
          {/* What keeps it from a new operation or rollout (the lifecycle pickers show it unavailable). */}
          {device.busy && (
            <div className="mt-0.5 flex max-w-48 items-start gap-1 text-xs whitespace-normal text-muted-foreground" data-testid="device-busy">
              <CalendarClock className="mt-0.5 size-3 shrink-0" aria-hidden />
              {busyText(device.busy)}
            </div>
          )}
        </>
      ),
    },
    {
      id: "model",
      label: t("columns.model"),
      sort: "model",
      // The operator's list shows which MSP holds the device before its model.
      priority: showMsp ? 3 : 2,
      cellClassName: "text-muted-foreground",
      cell: (device) => (
        <>
          {device.model || "—"}
          {device.softwareVersion && <span className="ml-1.5 font-mono text-xs">{device.softwareVersion}</span>}
        </>
      ),
    },
    showMsp && {
      id: "msp",
      label: t("columns.msp"),
      priority: 2,
      cell: (device) => <span data-testid="device-msp">{device.mspName ?? <span className="text-muted-foreground">{t("inStock")}</span>}</span>,
    },
    { id: "configured", label: t("columns.configured"), priority: 3, cell: (device) => <ConfiguredBadge configured={device.configured} /> },
    {
      id: "node",
      label: t("columns.node"),
      // From 896 px of card: at 1024 px the row keeps its reporting state and its buttons in view.
      priority: 3,
      cell: (device) => <span data-testid="device-node">{device.nodeName ?? <span className="text-muted-foreground">—</span>}</span>,
    },
    {
      id: "reporting",
      label: t("columns.reporting"),
      headClassName: actions ? undefined : "pr-4",
      cellClassName: actions ? undefined : "pr-4",
      cell: (device) => <ReportingBadge device={device} />,
    },
    actions && {
      id: "actions",
      label: t("columns.actions"),
      labelHidden: true,
      // Its labelled buttons do not fit a phone's row beside the serial number: there they are in the row's details.
      priority: 2,
      headClassName: "pr-4 text-right",
      cellClassName: "pr-4",
      cell: (device) => <div className="flex justify-end gap-1">{actions(device)}</div>,
    },
  ];
  return (
    <PagedDataTable
      list={list}
      exportCsv={exportCsv}
      testId="devices-table"
      columns={columns.filter((column): column is DataColumn<Device> => Boolean(column))}
      sorting={sorting}
      rowName={(device) => device.serialNumber}
      rowProps={(device) => ({ "data-testid": "device-row", "data-serial": device.serialNumber })}
      empty={empty}
      emptyTestId="devices-empty"
      loadMore={{ label: t("loadMore"), testId: "devices-load-more" }}
    />
  );
}
