"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useCreateDevice } from "@/lib/inventory/queries";
import { deviceCreateSchema } from "@/lib/inventory/schema";

/** Add device: serial number, claim code (8 characters, SPEC §5), model and software version, into the stock. */
export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations();
  const create = useCreateDevice();
  const form = useZodForm(deviceCreateSchema, { defaultValues: { serialNumber: "", claimCode: "", model: "", softwareVersion: "" } });
  return (
    <FormDialog open onOpenChange={(next) => !next && onClose()} dirty={form.formState.isDirty} title={t("inventory.add.title")} description={t("inventory.add.description")} testId="add-device-dialog">
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (device) => {
                toast.success(t("inventory.add.done", { serialNumber: device.serialNumber }));
                onClose();
              },
              onError: (error) => applyServerIssues(form, error),
            })
          }
        >
          {create.error && <ErrorAlert message={create.error.message} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="serialNumber" label={t("inventory.fields.serialNumber")} mono testId="device-serial" />
            <TextField control={form.control} name="claimCode" label={t("inventory.fields.claimCode")} description={t("inventory.fields.claimCodeHint")} mono testId="device-claim-code" />
            <TextField control={form.control} name="model" label={t("inventory.fields.model")} testId="device-model" />
            <TextField control={form.control} name="softwareVersion" label={t("inventory.fields.softwareVersion")} mono testId="device-version" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending} data-testid="device-create">
              {t("inventory.add.submit")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
