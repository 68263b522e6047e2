"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
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
    <MutationFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      form={form}
      mutation={claim}
      onSuccess={(device) => toast.success(t("inventory.claim.done", { serialNumber: device.serialNumber }))}
      title={t("inventory.claim.title")}
      description={t("inventory.claim.description")}
      testId="claim-device-dialog"
      submitLabel={t("inventory.claim.submit")}
      submitTestId="claim-submit"
    >
      <TextField control={form.control} name="serialNumber" label={t("inventory.fields.serialNumber")} mono testId="claim-serial" />
      <TextField control={form.control} name="claimCode" label={t("inventory.fields.claimCode")} description={t("inventory.fields.claimCodeHint")} mono testId="claim-code" />
    </MutationFormDialog>
  );
}
