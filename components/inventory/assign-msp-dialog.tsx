"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { SelectField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { SelectItem } from "@/components/ui/select";
import { useAssignDeviceToMsp } from "@/lib/inventory/queries";
import { deviceMspAssignSchema, type Device } from "@/lib/inventory/schema";

/** Assign to an MSP: the operator hands a stock device to one of the MSPs ("MSP is required"). */
export function AssignMspDialog({ device, msps, onClose }: { device: Device; msps: { id: string; name: string }[]; onClose: () => void }) {
  const t = useTranslations();
  const assign = useAssignDeviceToMsp(device.id);
  const form = useZodForm(deviceMspAssignSchema, { defaultValues: { mspOrganizationId: "" } });
  return (
    <MutationFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      form={form}
      mutation={assign}
      onSuccess={(after) => toast.success(t("inventory.assignMsp.done", { serialNumber: after.serialNumber, msp: after.mspName ?? "" }))}
      title={t("inventory.assignMsp.title", { serialNumber: device.serialNumber })}
      description={t("inventory.assignMsp.description")}
      testId="assign-msp-dialog"
      submitLabel={t("inventory.assignMsp.submit")}
      submitTestId="assign-msp-submit"
    >
      <SelectField control={form.control} name="mspOrganizationId" label={t("inventory.fields.msp")} placeholder={t("inventory.assignMsp.choose")} touchOnBlur testId="assign-msp-select">
        {msps.map((msp) => (
          <SelectItem key={msp.id} value={msp.id}>
            {msp.name}
          </SelectItem>
        ))}
      </SelectField>
    </MutationFormDialog>
  );
}
