"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormDialog } from "@/components/common/form-dialog";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SelectField, TextField } from "@/components/forms/fields";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { SelectItem } from "@/components/ui/select";
import { useScheduleOperations } from "@/lib/lifecycle/queries";
import { LIFECYCLE_OPERATIONS, lifecycleOperationCreateSchema, type LifecycleOperationCreateInput } from "@/lib/lifecycle/schema";
import { DevicePicker } from "./device-picker";
import { StartField } from "./start-field";

const EMPTY: LifecycleOperationCreateInput = { deviceIds: [], operation: "install-version", version: "", start: "now", scheduledAt: null };

const OPERATION_LABEL = { "install-version": "installVersion", reboot: "reboot" } as const;

/** What the dialog has chosen so far, for a section plugged into it. */
export interface ScheduleDialogContext {
  deviceIds: string[];
  operation: LifecycleOperationCreateInput["operation"];
  version: string;
  start: LifecycleOperationCreateInput["start"];
}

/**
 * A section plugged into the schedule dialog under Start (e.g. "In waves", issue 15 scope 7). When its `submit`
 * returns a promise, the dialog waits for it instead of scheduling the operations itself (a rejection is shown in
 * the dialog); when it returns null, the dialog schedules as usual.
 */
export interface ScheduleDialogExtension {
  render(context: ScheduleDialogContext): React.ReactNode;
  submit?(input: LifecycleOperationCreateInput): Promise<unknown> | null;
}

interface ScheduleDialogProps {
  organizationId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  extension?: ScheduleDialogExtension;
}

/** The input the API takes: a version only for an install, a time only for Later (both as chosen, in UTC). */
function requestOf(values: LifecycleOperationCreateInput): LifecycleOperationCreateInput {
  return {
    deviceIds: values.deviceIds,
    operation: values.operation,
    version: values.operation === "install-version" ? (values.version ?? "").trim() : null,
    start: values.start,
    scheduledAt: values.start === "later" ? (values.scheduledAt ?? null) : null,
  };
}

/**
 * Schedule an install or a reboot on one or many devices, Now or Later (SPEC §2, §4; "Node is required", "Version is
 * required"), with the start in the user's time zone, stored in UTC.
 */
export function ScheduleDialog({ organizationId, open, setOpen, extension }: ScheduleDialogProps) {
  const t = useTranslations("lifecycle");
  const tCommon = useTranslations("common");
  const schedule = useScheduleOperations();
  const form = useZodForm(lifecycleOperationCreateSchema, { defaultValues: EMPTY });
  const [deviceIds, operation, version, start] = useWatch({ control: form.control, name: ["deviceIds", "operation", "version", "start"] });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      schedule.reset();
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={form.formState.isDirty}
      title={t("schedule.title")}
      description={t("schedule.description")}
      testId="lifecycle-schedule-dialog"
    >
      {(requestClose) => (
        <ZodForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async () => {
            const input = requestOf(form.getValues());
            try {
              const handled = extension?.submit?.(input);
              if (handled) await handled;
              else {
                const created = await schedule.mutateAsync(input);
                toast.success(t("schedule.scheduled", { count: created.length }));
              }
            } catch (error) {
              if (!applyServerIssues(form, error)) form.setError("root", { message: (error as Error).message });
              return;
            }
            onOpenChange(false);
          }}
        >
          {form.formState.errors.root?.message && <ErrorAlert message={form.formState.errors.root.message} />}
          <DevicePicker control={form.control} name="deviceIds" organizationId={organizationId} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField control={form.control} name="operation" label={t("schedule.operation")} testId="lifecycle-operation">
              {LIFECYCLE_OPERATIONS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {t(`operationKind.${OPERATION_LABEL[kind]}`)}
                </SelectItem>
              ))}
            </SelectField>
            {operation === "install-version" && (
              <TextField
                control={form.control}
                name="version"
                label={t("schedule.version")}
                placeholder={t("schedule.versionPlaceholder")}
                mono
                testId="lifecycle-version"
              />
            )}
          </div>
          <StartField control={form.control} />
          {extension?.render({ deviceIds, operation, version: version ?? "", start })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" busy={form.formState.isSubmitting} data-testid="lifecycle-schedule-submit">
              {t("schedule.submit")}
            </Button>
          </DialogFooter>
        </ZodForm>
      )}
    </FormDialog>
  );
}
