"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { useClaimDevice } from "@/lib/inventory/queries";
import { deviceClaimSchema } from "@/lib/inventory/schema";

/**
 * Claim device: the serial number and the 8-character claim code printed on it (SPEC §5). A wrong code and an
 * unknown serial number get the same answer from the API, and repeated wrong codes are throttled there.
 */
export function ClaimDeviceDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations();
  const claim = useClaimDevice();
  const form = useZodForm(deviceClaimSchema, { defaultValues: { serialNumber: "", claimCode: "" } });
  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      dirty={form.formState.isDirty}
      title={t("inventory.claim.title")}
      description={t("inventory.claim.description")}
      testId="claim-device-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={(values) =>
            claim.mutate(values, {
              onSuccess: (device) => {
                toast.success(t("inventory.claim.done", { serialNumber: device.serialNumber }));
                onClose();
              },
              onError: (error) => applyServerIssues(form, error),
            })
          }
        >
          {claim.error && <ErrorAlert message={claim.error.message} />}
          <TextField control={form.control} name="serialNumber" label={t("inventory.fields.serialNumber")} mono testId="claim-serial" />
          <TextField control={form.control} name="claimCode" label={t("inventory.fields.claimCode")} description={t("inventory.fields.claimCodeHint")} mono testId="claim-code" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={claim.isPending} data-testid="claim-submit">
              {t("inventory.claim.submit")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
