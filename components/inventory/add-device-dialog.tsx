"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { useCreateDevice } from "@/lib/inventory/queries";
import { deviceCreateSchema } from "@/lib/inventory/schema";

/** Add device: serial number, claim code (8 characters, SPEC §5), model and software version, into the stock. */
export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations();
  const create = useCreateDevice();
  const form = useZodForm(deviceCreateSchema, { defaultValues: { serialNumber: "", claimCode: "", model: "", softwareVersion: "" } });
  return (
    <MutationFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      form={form}
      mutation={create}
      onSuccess={(device) => toast.success(t("inventory.add.done", { serialNumber: device.serialNumber }))}
      title={t("inventory.add.title")}
      description={t("inventory.add.description")}
      testId="add-device-dialog"
      submitLabel={t("inventory.add.submit")}
      submitTestId="device-create"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="serialNumber" label={t("inventory.fields.serialNumber")} mono testId="device-serial" />
        <TextField control={form.control} name="claimCode" label={t("inventory.fields.claimCode")} description={t("inventory.fields.claimCodeHint")} mono testId="device-claim-code" />
        <TextField control={form.control} name="model" label={t("inventory.fields.model")} testId="device-model" />
        <TextField control={form.control} name="softwareVersion" label={t("inventory.fields.softwareVersion")} mono testId="device-version" />
      </div>
    </MutationFormDialog>
  );
}
