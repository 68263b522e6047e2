"use client";

import { CalendarClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedTable, type PagedListState } from "@/components/common/paged-list";
import { useBusyText } from "@/components/lifecycle/device-choice";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
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
}

/** The devices of an inventory page: serial number (and the operation that holds it), model and version, configured, node, reporting (SPEC §3). */
export function DevicesTable({ list, empty, showMsp = false, actions }: DevicesTableProps) {
  const t = useTranslations("inventory");
  const busyText = useBusyText();
  const columns = 5 + (showMsp ? 1 : 0) + (actions ? 1 : 0);
  return (
    <PagedTable
      list={list}
      testId="devices-table"
      columns={columns}
      header={
        <>
          <TableHead className="pl-4">{t("columns.serialNumber")}</TableHead>
          <TableHead className="hidden md:table-cell">{t("columns.model")}</TableHead>
          {showMsp && <TableHead>{t("columns.msp")}</TableHead>}
          <TableHead>{t("columns.configured")}</TableHead>
          <TableHead>{t("columns.node")}</TableHead>
          <TableHead className={actions ? undefined : "pr-4"}>{t("columns.reporting")}</TableHead>
          {actions && (
            <TableHead className="pr-4 text-right">
              <span className="sr-only">{t("columns.actions")}</span>
            </TableHead>
          )}
        </>
      }
      empty={empty}
      emptyTestId="devices-empty"
      loadMore={{ label: t("loadMore"), testId: "devices-load-more" }}
    >
      {(devices) =>
        devices.map((device) => (
          <TableRow key={device.id} data-testid="device-row" data-serial={device.serialNumber}>
            <TableCell className="pl-4">
              <div className="font-mono text-xs font-medium">{device.serialNumber}</div>
              {/* What keeps it from a new operation or rollout (the lifecycle pickers show it unavailable). */}
              {device.busy && (
                <div className="mt-0.5 flex max-w-48 items-start gap-1 text-xs whitespace-normal text-muted-foreground" data-testid="device-busy">
                  <CalendarClock className="mt-0.5 size-3 shrink-0" aria-hidden />
                  {busyText(device.busy)}
                </div>
              )}
            </TableCell>
            <TableCell className="hidden text-muted-foreground md:table-cell">
              {device.model || "—"}
              {device.softwareVersion && <span className="ml-1.5 font-mono text-xs">{device.softwareVersion}</span>}
            </TableCell>
            {showMsp && <TableCell data-testid="device-msp">{device.mspName ?? <span className="text-muted-foreground">{t("inStock")}</span>}</TableCell>}
            <TableCell>
              <ConfiguredBadge configured={device.configured} />
            </TableCell>
            <TableCell data-testid="device-node">{device.nodeName ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className={actions ? undefined : "pr-4"}>
              <ReportingBadge device={device} />
            </TableCell>
            {actions && (
              <TableCell className="pr-4">
                <div className="flex justify-end gap-1">{actions(device)}</div>
              </TableCell>
            )}
          </TableRow>
        ))
      }
    </PagedTable>
  );
}
