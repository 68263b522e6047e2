"use client";

import { CheckCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { useAcknowledgeAlarms } from "@/lib/alarms/queries";
import { ALARM_NOTE_MAX_LENGTH, alarmAcknowledgeSchema } from "@/lib/alarms/schema";

const noteSchema = alarmAcknowledgeSchema.pick({ note: true });

/** Acknowledges the selected alarms, with an optional note; they leave the default list. */
export function AcknowledgeDialog({ alarmIds, onDone }: { alarmIds: string[]; onDone: () => void }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const acknowledge = useAcknowledgeAlarms();
  const form = useZodForm(noteSchema, { defaultValues: { note: "" } });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      acknowledge.reset();
    }
  };
  const count = alarmIds.length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={count === 0} data-testid="acknowledge-alarms">
          <CheckCheck aria-hidden />
          {t("alarms.acknowledge")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("alarms.acknowledgeTitle", { count })}</DialogTitle>
          <DialogDescription>{t("alarms.acknowledgeDescription", { count })}</DialogDescription>
        </DialogHeader>
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={({ note }) =>
            acknowledge.mutate(
              { alarmIds, note },
              {
                onSuccess: () => {
                  toast.success(t("alarms.acknowledged", { count }));
                  onOpenChange(false);
                  onDone();
                },
                onError: (error) => applyServerIssues(form, error),
              },
            )
          }
        >
          {acknowledge.error && <ErrorAlert message={acknowledge.error.message} />}
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
                    data-testid="acknowledge-note"
                  />
                </FormControl>
                <FormDescription>{t("alarms.noteHint", { max: ALARM_NOTE_MAX_LENGTH })}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" busy={acknowledge.isPending} data-testid="acknowledge-confirm">
              {t("alarms.acknowledgeConfirm", { count })}
            </Button>
          </DialogFooter>
        </ZodForm>
      </DialogContent>
    </Dialog>
  );
}
