"use client";

import { useFormatter, useTranslations } from "next-intl";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty}
      title={t("lifecycle.reschedule.title")}
      description={t("lifecycle.reschedule.description", { operation: label(operation), serialNumber: operation.serialNumber, scheduledAt })}
      testId="lifecycle-reschedule-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async () => {
            try {
              await reschedule.mutateAsync({ operationId: operation.id, scheduledAt: form.getValues().scheduledAt });
            } catch (error) {
              if (!applyServerIssues(form, error)) form.setError("root", { message: (error as Error).message });
              return;
            }
            toast.success(t("lifecycle.reschedule.saved", { serialNumber: operation.serialNumber }));
            onOpenChange(false);
          }}
        >
          {form.formState.errors.root?.message && <ErrorAlert message={form.formState.errors.root.message} />}
          <ZonedDateTimeField
            control={form.control}
            name="scheduledAt"
            label={t("lifecycle.schedule.startAt")}
            description={t("lifecycle.schedule.startAtHint", { timeZone })}
            timeZone={timeZone}
            testId="lifecycle-reschedule-at"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={form.formState.isSubmitting} data-testid="lifecycle-reschedule-submit">
              {t("lifecycle.reschedule.submit")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
