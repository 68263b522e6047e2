"use client";

import { useQuery } from "@tanstack/react-query";
import { Unlink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SelectField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { SelectItem } from "@/components/ui/select";
import { assignableNodesQueryOptions, useAssignDevice, useUnassignDevice } from "@/lib/inventory/queries";
import { deviceKind } from "@/lib/inventory/models";
import { deviceAssignSchema, type Device, type DeviceAssign } from "@/lib/inventory/schema";
import { ConfiguredBadge } from "./device-badges";

/**
 * Assign configuration: the node whose configuration the device takes ("Node is required"), saved with Save; and
 * Unassign, refused while the node choice has unsaved changes (SPEC §4 and §8) — save or discard them first.
 */
export function DeviceConfigurationDialog({ device: initial, mspId, onClose }: { device: Device; mspId: string; onClose: () => void }) {
  const t = useTranslations();
  const [device, setDevice] = useState(initial);
  const [blocked, setBlocked] = useState(false);
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

  const onUnassign = () => {
    if (dirty) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    unassign.mutate(undefined, {
      onSuccess: (after) => {
        setDevice(after);
        form.reset({ nodeId: "" });
        toast.success(t("inventory.configure.unassigned", { serialNumber: after.serialNumber }));
      },
    });
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
      {/* Unassign is no submit of the form: its error is its own. */}
      {unassign.error && <ErrorAlert error={unassign.error} />}
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
