"use client";

import { KeyRound, Settings2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { useUrlSort } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { devicesExportHref, devicesQueryOptions } from "@/lib/inventory/queries";
import type { Device, DeviceStatus } from "@/lib/inventory/schema";
import { DevicesTable } from "./devices-table";
import { InventoryFilters } from "./inventory-filters";

const ClaimDeviceDialog = lazyComponent(() => import("./claim-device-dialog").then((module) => module.ClaimDeviceDialog));
const DeviceConfigurationDialog = lazyComponent(() => import("./device-configuration-dialog").then((module) => module.DeviceConfigurationDialog));
const DeviceTokenDialog = lazyComponent(() => import("./device-token-dialog").then((module) => module.DeviceTokenDialog));

const MSP_STATUSES = ["unassigned", "assigned"] as const satisfies readonly DeviceStatus[];

type Open = { kind: "claim" } | { kind: "configure"; device: Device } | { kind: "token"; device: Device } | null;

/** msp/inventory: the MSP's devices; claim a device, assign its configuration to a node or unassign it, issue its token. */
export function MspInventoryPage() {
  const t = useTranslations("inventory");
  const { organization } = useConsole();
  const canWrite = useCan("msp:inventory:write");
  const [status, setStatus] = useState<DeviceStatus | undefined>();
  const [open, setOpen] = useState<Open>(null);
  const { asked, sorting } = useUrlSort("devices", { sort: "serialNumber", order: "asc" });
  const list = useUrlPagedList((search) => devicesQueryOptions({ search, status }, asked));
  const close = () => setOpen(null);

  const actions = canWrite
    ? (device: Device) => (
        <>
          <Button
            variant="outline"
            size="sm"
            data-testid="device-configure"
            onMouseEnter={DeviceConfigurationDialog.preload}
            onFocus={DeviceConfigurationDialog.preload}
            onClick={() => setOpen({ kind: "configure", device })}
          >
            <Settings2 aria-hidden />
            {t("actions.configure")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-testid="device-token"
            title={t("token.title")}
            onMouseEnter={DeviceTokenDialog.preload}
            onFocus={DeviceTokenDialog.preload}
            onClick={() => setOpen({ kind: "token", device })}
          >
            <KeyRound aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("actions.token")}</span>
          </Button>
        </>
      )
    : undefined;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("msp.title")}
        description={t("msp.description", { organization: organization.name })}
        actions={
          canWrite ? (
            <Button data-testid="claim-device" onMouseEnter={ClaimDeviceDialog.preload} onFocus={ClaimDeviceDialog.preload} onClick={() => setOpen({ kind: "claim" })}>
              {t("claim.open")}
            </Button>
          ) : undefined
        }
      />
      <InventoryFilters search={list.search} onSearch={list.setSearch} status={status} onStatus={setStatus} statuses={MSP_STATUSES} />
      <DevicesTable
        sorting={sorting}
        list={list}
        exportCsv={devicesExportHref({ search: list.searched, status }, asked)}
        empty={list.searched || status ? t("noMatch") : canWrite ? t("msp.empty") : t("msp.emptyReadOnly")}
        actions={actions}
      />
      {open?.kind === "claim" && <ClaimDeviceDialog onClose={close} />}
      {open?.kind === "configure" && <DeviceConfigurationDialog device={open.device} mspId={organization.id} onClose={close} />}
      {open?.kind === "token" && <DeviceTokenDialog device={open.device} onClose={close} />}
    </div>
  );
}
