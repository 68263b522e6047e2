"use client";

import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { useZodForm } from "@/components/forms/zod-form";
import { useRescheduleOperation } from "@/lib/lifecycle/queries";
import { lifecycleOperationUpdateSchema, type LifecycleOperation } from "@/lib/lifecycle/schema";
import { useOperationLabel } from "./operation-cells";
import { useUserTimeZone } from "./use-zoned-clock";
import { ZonedDateTimeField } from "./zoned-date-time-field";

interface RescheduleDialogProps {
  operation: LifecycleOperation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit the start time of a scheduled operation (SPEC §4), in the user's time zone; the API keeps it in UTC. */
export function RescheduleDialog({ operation, open, onOpenChange }: RescheduleDialogProps) {
  const t = useTranslations();
  const format = useFormatter();
  const label = useOperationLabel();
  const timeZone = useUserTimeZone();
  const reschedule = useRescheduleOperation();
  const form = useZodForm(lifecycleOperationUpdateSchema, { defaultValues: { scheduledAt: operation.scheduledAt } });
  const scheduledAt = format.dateTime(new Date(operation.scheduledAt), { dateStyle: "medium", timeStyle: "short", timeZone });
  const mutation = {
    mutateAsync: () => reschedule.mutateAsync({ operationId: operation.id, scheduledAt: form.getValues().scheduledAt }),
    isPending: reschedule.isPending,
    reset: reschedule.reset,
  };
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      mutation={mutation}
      onSuccess={() => toast.success(t("lifecycle.reschedule.saved", { serialNumber: operation.serialNumber }))}
      title={t("lifecycle.reschedule.title")}
      description={t("lifecycle.reschedule.description", { operation: label(operation), serialNumber: operation.serialNumber, scheduledAt })}
      testId="lifecycle-reschedule-dialog"
      submitLabel={t("lifecycle.reschedule.submit")}
      submitTestId="lifecycle-reschedule-submit"
    >
      <ZonedDateTimeField
        control={form.control}
        name="scheduledAt"
        label={t("lifecycle.schedule.startAt")}
        description={t("lifecycle.schedule.startAtHint", { timeZone })}
        timeZone={timeZone}
        testId="lifecycle-reschedule-at"
      />
    </MutationFormDialog>
  );
}
