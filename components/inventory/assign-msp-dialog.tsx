"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SelectField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { SelectItem } from "@/components/ui/select";
import { useAssignDeviceToMsp } from "@/lib/inventory/queries";
import { deviceMspAssignSchema, type Device } from "@/lib/inventory/schema";

/** Assign to an MSP: the operator hands a stock device to one of the MSPs ("MSP is required"). */
export function AssignMspDialog({ device, msps, onClose }: { device: Device; msps: { id: string; name: string }[]; onClose: () => void }) {
  const t = useTranslations();
  const assign = useAssignDeviceToMsp(device.id);
  const form = useZodForm(deviceMspAssignSchema, { defaultValues: { mspOrganizationId: "" } });
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      dirty={form.formState.isDirty}
      title={t("inventory.assignMsp.title", { serialNumber: device.serialNumber })}
      description={t("inventory.assignMsp.description")}
      testId="assign-msp-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            assign.mutate(values, {
              onSuccess: (after) => {
                toast.success(t("inventory.assignMsp.done", { serialNumber: after.serialNumber, msp: after.mspName ?? "" }));
                onClose();
              },
              onError: (error) => applyServerIssues(form, error),
            })
          }
        >
          {assign.error && <ErrorAlert message={assign.error.message} />}
          <SelectField control={form.control} name="mspOrganizationId" label={t("inventory.fields.msp")} placeholder={t("inventory.assignMsp.choose")} touchOnBlur testId="assign-msp-select">
            {msps.map((msp) => (
              <SelectItem key={msp.id} value={msp.id}>
                {msp.name}
              </SelectItem>
            ))}
          </SelectField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={assign.isPending} data-testid="assign-msp-submit">
              {t("inventory.assignMsp.submit")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
