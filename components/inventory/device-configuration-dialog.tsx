"use client";

import { useQuery } from "@tanstack/react-query";
import { Unlink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { SelectField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { SelectItem } from "@/components/ui/select";
import { assignableNodesQueryOptions, deviceUnassignmentQueryOptions, useAssignDevice, useUnassignDevice } from "@/lib/inventory/queries";
import { deviceKind } from "@/lib/inventory/models";
import { deviceAssignSchema, type Device, type DeviceAssign, type DeviceUnassignment } from "@/lib/inventory/schema";
import { ConfiguredBadge } from "./device-badges";

/** What unassigning takes away: the customers' connectors the node serves, each with its customer and site. */
export function useUnassignDescription(unassignment: DeviceUnassignment | undefined, failed: boolean): string {
  const t = useTranslations("inventory.configure");
  const served = useTranslations("nodes.delete");
  const configuration = t("unassignConfiguration");
  if (failed) return `${t("unassignUnknown")} ${configuration}`;
  if (!unassignment) return t("unassignChecking");
  const node = unassignment.nodeName ?? "";
  if (unassignment.servedConnectors.length === 0) return `${t("unassignServesNothing", { node })} ${configuration}`;
  const connectors = unassignment.servedConnectors
    .map((connector) => served("servedConnector", { connector: connector.name, customer: connector.organizationName, site: connector.siteName }))
    .join(", ");
  return `${t("unassignServes", { node, count: unassignment.servedConnectors.length, connectors })} ${configuration}`;
}

/**
 * Assign configuration: the node whose configuration the device takes ("Node is required"), saved with Save; and
 * Unassign, refused while the node choice has unsaved changes (SPEC §4 and §8) — save or discard them first — and
 * confirmed first, naming the customers' connectors the node serves.
 */
export function DeviceConfigurationDialog({ device: initial, mspId, onClose }: { device: Device; mspId: string; onClose: () => void }) {
  const t = useTranslations();
  const [device, setDevice] = useState(initial);
  const [blocked, setBlocked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unassignment = useQuery({ ...deviceUnassignmentQueryOptions(initial.id), enabled: confirming });
  const unassignDescription = useUnassignDescription(unassignment.data, unassignment.isError);
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 300);
  const kind = deviceKind(device.model);
  const nodes = useQuery(assignableNodesQueryOptions(mspId, debounced, kind));
  const assign = useAssignDevice(device.id);
  const unassign = useUnassignDevice(device.id);
  const form = useZodForm(deviceAssignSchema, { defaultValues: { nodeId: device.nodeId ?? "" } });
  const dirty = form.formState.isDirty;

  const options = nodes.data?.items ?? [];
  const current = device.nodeId && !options.some((node) => node.id === device.nodeId) ? [{ id: device.nodeId, name: device.nodeName ?? "" }] : [];

  // Unassigning asks first, naming the customers' connectors the node serves (issue 42: impactful actions ask).
  const onUnassign = () => {
    if (dirty) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setConfirming(true);
  };
  const confirmUnassign = async () => {
    const after = await unassign.mutateAsync(undefined);
    setDevice(after);
    form.reset({ nodeId: "" });
    toast.success(t("inventory.configure.unassigned", { serialNumber: after.serialNumber }));
  };

  const discard = () => {
    form.reset();
    setBlocked(false);
  };

  return (
    <MutationFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      form={form}
      mutation={formMutation(async (values: DeviceAssign) => {
        setBlocked(false);
        unassign.reset();
        return assign.mutateAsync(values);
      }, assign)}
      stayOpen
      onSuccess={(after) => {
        setDevice(after);
        form.reset({ nodeId: after.nodeId ?? "" });
        toast.success(t("inventory.configure.assigned", { serialNumber: after.serialNumber, node: after.nodeName ?? "" }));
      }}
      title={t("inventory.configure.title", { serialNumber: device.serialNumber })}
      description={t("inventory.configure.description")}
      testId="device-configuration-dialog"
      mode="edit"
      submitTestId="configuration-save"
      footer={({ close, submit }) => (
        <DialogFooter className="gap-2 sm:justify-between">
          <div>
            {device.nodeId && (
              <Button type="button" variant="outline" className="text-destructive" busy={unassign.isPending} onClick={onUnassign} data-testid="device-unassign">
                <Unlink aria-hidden />
                {t("inventory.configure.unassign")}
              </Button>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={dirty ? discard : close} data-testid="configuration-discard">
              {dirty ? t("inventory.configure.discard") : t("common.close")}
            </Button>
            {submit}
          </div>
        </DialogFooter>
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("inventory.configure.current")}</span>
        <span className="font-medium" data-testid="configuration-current-node">
          {device.nodeName ?? t("inventory.configure.noNode")}
        </span>
        <ConfiguredBadge configured={device.configured} />
      </div>
      {blocked && (
        <Alert variant="destructive" data-testid="unassign-blocked">
          <AlertDescription>{t("inventory.configure.unsavedBeforeUnassign")}</AlertDescription>
        </Alert>
      )}
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title={t("inventory.configure.unassignTitle", { serialNumber: device.serialNumber, node: device.nodeName ?? "" })}
        description={unassignDescription}
        confirmLabel={t("inventory.configure.unassign")}
        testId="device-unassign-dialog"
        onConfirm={confirmUnassign}
      />
      <Input
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t("inventory.configure.searchNodes")}
        aria-label={t("inventory.configure.searchNodes")}
        data-testid="configuration-node-search"
      />
      <SelectField
        control={form.control}
        name="nodeId"
        label={t("inventory.fields.node")}
        placeholder={nodes.isPending ? t("inventory.configure.loadingNodes") : t("inventory.configure.chooseNode")}
        description={kind ? t("inventory.configure.nodeKindHint", { model: device.model, kind }) : undefined}
        touchOnBlur
        testId="configuration-node"
      >
        {current.map((node) => (
          <SelectItem key={node.id} value={node.id}>
            {node.name}
          </SelectItem>
        ))}
        {options.map((node) => {
          const taken = node.deviceSerialNumber !== null && node.deviceSerialNumber !== device.serialNumber;
          return (
            <SelectItem key={node.id} value={node.id} disabled={taken}>
              {node.name}
              <span className="text-xs text-muted-foreground">
                {t(`nodes.kinds.${node.kind}`)}
                {taken && ` · ${t("inventory.configure.nodeTaken", { serialNumber: node.deviceSerialNumber ?? "" })}`}
              </span>
            </SelectItem>
          );
        })}
        {nodes.isSuccess && options.length === 0 && current.length === 0 && (
          <div className="px-2 py-1.5 text-sm text-muted-foreground">{t("inventory.configure.noNodes")}</div>
        )}
      </SelectField>
    </MutationFormDialog>
  );
}
