"use client";

import { Plus, Send, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { ImportCsvButton } from "@/components/csv/import-csv-button";
import { useUrlSort } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { devicesExportHref, devicesQueryOptions, inventoryKeys, useReleaseDevice } from "@/lib/inventory/queries";
import type { Device } from "@/lib/inventory/schema";
import { DEVICE_STATUSES, type DeviceStatus } from "@/lib/inventory/constants";
import { DevicesTable } from "./devices-table";
import { InventoryFilters } from "./inventory-filters";

const AddDeviceDialog = lazyComponent(() => import("./add-device-dialog").then((module) => module.AddDeviceDialog));
const AssignMspDialog = lazyComponent(() => import("./assign-msp-dialog").then((module) => module.AssignMspDialog));

type Open = { kind: "add" } | { kind: "msp"; device: Device } | null;

/** core/inventory: the operator's whole stock; add devices (one by one or from a CSV file), hand them to MSPs, take them back. */
export function CoreInventoryPage() {
  const t = useTranslations("inventory");
  const { organizations } = useConsole();
  const canWrite = useCan("internal:inventory:write");
  const [status, setStatus] = useState<DeviceStatus | undefined>();
  const [msp, setMsp] = useState<string | undefined>();
  const [open, setOpen] = useState<Open>(null);
  const release = useReleaseDevice();
  const { asked, sorting } = useUrlSort("devices", { sort: "serialNumber", order: "asc" });
  const list = useUrlPagedList((search) => devicesQueryOptions({ search, status, mspOrganizationId: msp }, asked));
  const msps = organizations.filter((organization) => organization.organizationType === "msp");
  const close = () => setOpen(null);

  const actions = canWrite
    ? (device: Device) =>
        device.status === "unclaimed" ? (
          <Button
            variant="outline"
            size="sm"
            data-testid="device-assign-msp"
            onMouseEnter={AssignMspDialog.preload}
            onFocus={AssignMspDialog.preload}
            onClick={() => setOpen({ kind: "msp", device })}
          >
            <Send aria-hidden />
            {t("actions.assignMsp")}
          </Button>
        ) : (
          <ConfirmDelete
            title={t("release.title", { serialNumber: device.serialNumber })}
            description={device.nodeId ? t("release.assigned", { node: device.nodeName ?? "" }) : t("release.description", { msp: device.mspName ?? "" })}
            confirmLabel={t("release.confirm")}
            testId="device-release"
            trigger={
              <Button variant="outline" size="sm" data-testid="device-release">
                <Undo2 aria-hidden />
                {t("actions.release")}
              </Button>
            }
            onConfirm={() =>
              release.mutateAsync(device).then((after) => toast.success(t("release.done", { serialNumber: after.serialNumber })))
            }
          />
        )
    : undefined;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("core.title")}
        description={t("core.description")}
        actions={
          canWrite ? (
            <>
              <ImportCsvButton target={{ kind: "devices" }} refresh={[inventoryKeys.all]} />
              <Button data-testid="add-device" onMouseEnter={AddDeviceDialog.preload} onFocus={AddDeviceDialog.preload} onClick={() => setOpen({ kind: "add" })}>
                <Plus aria-hidden />
                {t("add.open")}
              </Button>
            </>
          ) : undefined
        }
      />
      <InventoryFilters
        search={list.search}
        onSearch={list.setSearch}
        status={status}
        onStatus={setStatus}
        statuses={DEVICE_STATUSES}
        msps={{ options: msps, value: msp, onChange: setMsp }}
      />
      <DevicesTable
        sorting={sorting}
        list={list}
        exportCsv={devicesExportHref({ search: list.searched, status, mspOrganizationId: msp }, asked)}
        empty={list.searched || status || msp ? t("noMatch") : t("core.empty")}
        showMsp
        actions={actions}
      />
      {open?.kind === "add" && <AddDeviceDialog onClose={close} />}
      {open?.kind === "msp" && <AssignMspDialog device={open.device} msps={msps} onClose={close} />}
    </div>
  );
}
