"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { formMutation } from "@/components/common/mutation-form";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { NumberField, SelectField, TextField } from "@/components/forms/fields";
import { LabeledField } from "@/components/forms/labeled-field";
import { useZodForm } from "@/components/forms/zod-form";
import { FormControl } from "@/components/ui/form";
import { SelectItem } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { rolloutDevicesQueryOptions, useCreateRollout } from "@/lib/lifecycle/rollout-queries";
import { ROLLOUT_OBSERVATION_DEFAULT_SECONDS, ROLLOUT_WAVE_MODES, rolloutCreateSchema, type Rollout, type RolloutCreate, type RolloutCreateInput } from "@/lib/lifecycle/rollout-schema";
import { DeviceChoice } from "./device-choice";
import { ReleaseChoices } from "./release-choices";
import { useZonedTimeText } from "./operation-cells";
import { StartField } from "./start-field";

const EMPTY: RolloutCreateInput = {
  deviceIds: [],
  version: "",
  waveMode: "first-then-rest",
  waveSize: "1",
  observationSeconds: String(ROLLOUT_OBSERVATION_DEFAULT_SECONDS),
  start: "now",
  scheduledAt: null,
};

/**
 * The "Staged rollout" dialog: devices (a busy one unavailable, with why), version, how the waves are cut, how long the
 * gate watches each, and the start, Now or Later (the schedule dialog's field and checks).
 */
export function RolloutFormDialog({ organizationId, open, setOpen }: { organizationId: string; open: boolean; setOpen: (open: boolean) => void }) {
  const t = useTranslations();
  const create = useCreateRollout();
  const form = useZodForm(rolloutCreateSchema, { defaultValues: EMPTY });
  const devices = useQuery(rolloutDevicesQueryOptions(organizationId));
  const [deviceIds, version] = useWatch({ control: form.control, name: ["deviceIds", "version"] });
  const pickedModels = (devices.data ?? []).filter((device) => deviceIds?.includes(device.id)).map((device) => device.model);
  const timeText = useZonedTimeText();
  // As the schedule dialog sends it: a time only for Later.
  const mutation = formMutation((values: RolloutCreate) => create.mutateAsync({ ...values, scheduledAt: values.start === "later" ? values.scheduledAt : null }), create);
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={mutation}
      onSuccess={(created: Rollout, values) =>
        toast.success(
          values.start === "later"
            ? t("lifecycle.rolloutStart.scheduledToast", { version: values.version, time: timeText(created.startsAt) })
            : t("rollout.dialog.started", { version: values.version }),
        )
      }
      title={t("rollout.dialog.title")}
      description={t("rollout.dialog.description")}
      testId="rollout-dialog"
      submitLabel={t("rollout.dialog.start")}
      submitTestId="rollout-start"
    >
      <LabeledField control={form.control} name="deviceIds" label={t("rollout.dialog.devices")} description={t("rollout.dialog.devicesHint")}>
        {(field) => {
          const selected = new Set(field.value ?? []);
          return (
            <FormControl>
              {/* The ref keeps the field registered (a field without a mounted element is dropped with its message) and
                  lets a failed submit focus the list. */}
              <div ref={field.ref} tabIndex={-1} role="group" className="max-h-52 overflow-y-auto rounded-md border p-1" data-testid="rollout-devices">
                {devices.isPending && <Skeleton className="m-2 h-5" />}
                {devices.isError && <p className="p-2 text-sm text-destructive">{devices.error.message}</p>}
                {devices.isSuccess && devices.data.length === 0 && <p className="p-2 text-sm text-muted-foreground">{t("rollout.dialog.noDevices")}</p>}
                {devices.data?.map((device) => (
                  <DeviceChoice
                    key={device.id}
                    device={device}
                    checked={selected.has(device.id)}
                    onCheckedChange={(checked) => {
                      const next = checked ? [...selected, device.id] : [...selected].filter((id) => id !== device.id);
                      field.onChange(next);
                      field.onBlur();
                    }}
                    testId="rollout-device-option"
                  />
                ))}
              </div>
            </FormControl>
          );
        }}
      </LabeledField>
      <TextField control={form.control} name="version" label={t("rollout.dialog.version")} testId="rollout-version" mono />
      <ReleaseChoices
        models={pickedModels}
        value={version}
        onPick={(release) => form.setValue("version", release, { shouldDirty: true, shouldValidate: true })}
        testId="rollout-releases"
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="waveMode" label={t("rollout.dialog.waveMode")} testId="rollout-wave-mode">
          {ROLLOUT_WAVE_MODES.map((mode) => (
            <SelectItem key={mode} value={mode}>
              {t(`rollout.waveModes.${mode}`)}
            </SelectItem>
          ))}
        </SelectField>
        <NumberField
          control={form.control}
          name="waveSize"
          label={t("rollout.dialog.waveSize")}
          unit={t("rollout.dialog.devicesUnit")}
          testId="rollout-wave-size"
          emptyAsText
        />
      </div>
      <NumberField
        control={form.control}
        name="observationSeconds"
        label={t("rollout.dialog.observation")}
        description={t("rollout.dialog.observationHint")}
        unit="s"
        testId="rollout-observation"
        emptyAsText
      />
      <StartField control={form.control} />
    </MutationFormDialog>
  );
}
