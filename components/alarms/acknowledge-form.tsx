"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { useAcknowledgeAlarms } from "@/lib/alarms/queries";
import { ALARM_NOTE_MAX_LENGTH, alarmAcknowledgeSchema } from "@/lib/alarms/schema";

const noteSchema = alarmAcknowledgeSchema.pick({ note: true });

/** The acknowledge dialog's form (loaded when the dialog first opens): an optional note, then acknowledge. */
export function AcknowledgeForm({ alarmIds, onClose, onDone }: { alarmIds: string[]; onClose: () => void; onDone: () => void }) {
  const t = useTranslations();
  const acknowledge = useAcknowledgeAlarms();
  const form = useZodForm(noteSchema, { defaultValues: { note: "" } });
  const count = alarmIds.length;
  return (
    <ZodForm
      form={form}
      className="flex flex-col gap-4"
      onSubmit={({ note }) =>
        acknowledge.mutate(
          { alarmIds, note },
          {
            onSuccess: () => {
              toast.success(t("alarms.acknowledged", { count }));
              onClose();
              onDone();
            },
            onError: (error) => applyServerIssues(form, error),
          },
        )
      }
    >
      {acknowledge.error && <ErrorAlert error={acknowledge.error} />}
      <FormField
        control={form.control}
        name="note"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("alarms.note")}</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                value={field.value ?? ""}
                rows={3}
                maxLength={ALARM_NOTE_MAX_LENGTH}
                placeholder={t("alarms.notePlaceholder")}
                autoFocus
                data-testid="acknowledge-note"
              />
            </FormControl>
            <FormDescription>{t("alarms.noteHint", { max: ALARM_NOTE_MAX_LENGTH })}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <SubmitButton busy={acknowledge.isPending} data-testid="acknowledge-confirm">
          {t("alarms.acknowledgeConfirm", { count })}
        </SubmitButton>
      </DialogFooter>
    </ZodForm>
  );
}
