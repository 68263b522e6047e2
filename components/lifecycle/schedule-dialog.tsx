"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { SelectField, TextField } from "@/components/forms/fields";
import { useZodForm } from "@/components/forms/zod-form";
import { SelectItem } from "@/components/ui/select";
import { useScheduleOperations } from "@/lib/lifecycle/queries";
import { LIFECYCLE_OPERATIONS, lifecycleOperationCreateSchema, type LifecycleOperationCreateInput } from "@/lib/lifecycle/schema";
import { DevicePicker } from "./device-picker";
import { ReleaseChoices, usePickedModels } from "./release-choices";
import { StartField } from "./start-field";

const EMPTY: LifecycleOperationCreateInput = { deviceIds: [], operation: "install-version", version: "", start: "now", scheduledAt: null };

const OPERATION_LABEL = { "install-version": "installVersion", reboot: "reboot" } as const;

interface ScheduleDialogProps {
  organizationId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
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
export function ScheduleDialog({ organizationId, open, setOpen }: ScheduleDialogProps) {
  const t = useTranslations("lifecycle");
  const schedule = useScheduleOperations();
  const form = useZodForm(lifecycleOperationCreateSchema, { defaultValues: EMPTY });
  const operation = useWatch({ control: form.control, name: "operation" });
  const [deviceIds, version] = useWatch({ control: form.control, name: ["deviceIds", "version"] });
  const models = usePickedModels(deviceIds ?? []);
  // The API takes the fields as chosen (the schema has checked them), with what does not apply left out.
  const mutation = { mutateAsync: () => schedule.mutateAsync(requestOf(form.getValues())), isPending: schedule.isPending, reset: schedule.reset };
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={mutation}
      onSuccess={(created) => toast.success(t("schedule.scheduled", { count: created.length }))}
      title={t("schedule.title")}
      description={t("schedule.description")}
      testId="lifecycle-schedule-dialog"
      submitLabel={t("schedule.submit")}
      submitTestId="lifecycle-schedule-submit"
    >
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
      {operation === "install-version" && (
        <ReleaseChoices
          models={models}
          value={version}
          onPick={(release) => form.setValue("version", release, { shouldDirty: true, shouldValidate: true })}
          testId="lifecycle-releases"
        />
      )}
      <StartField control={form.control} />
    </MutationFormDialog>
  );
}
