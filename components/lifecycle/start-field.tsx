"use client";

import { useTranslations } from "next-intl";
import { useWatch, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { LabeledField } from "@/components/forms/labeled-field";
import { FormControl } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { LIFECYCLE_STARTS, type LifecycleStart } from "@/lib/lifecycle/schema";
import { useUserTimeZone } from "./use-zoned-clock";
import { ZonedDateTimeField } from "./zoned-date-time-field";

/** A form with a start, Now or Later, and the time of a Later start (the schedule and rollout schemas alike). */
type StartValues = FieldValues & { start?: LifecycleStart; scheduledAt?: string | null };

/**
 * Start: Now or Later, and for Later the date and time in the user's time zone, held as the instant in UTC (SPEC §4).
 * The schedule dialog and the staged rollout dialog share it, and their schemas check it alike (checkScheduledAt).
 */
export function StartField<V extends StartValues, X = V>({ control }: { control: Control<V, unknown, X> }) {
  const t = useTranslations("lifecycle.schedule");
  const timeZone = useUserTimeZone();
  const start = useWatch({ control, name: "start" as FieldPath<V> }) as LifecycleStart | undefined;
  return (
    <>
      <LabeledField control={control} name={"start" as FieldPath<V>} label={t("start")}>
        {(bound) => (
          <FormControl>
            <RadioGroup
              value={bound.value}
              onValueChange={(next) => {
                bound.onChange(next);
                bound.onBlur();
              }}
              className="flex gap-6"
              data-testid="lifecycle-start"
            >
              {LIFECYCLE_STARTS.map((choice) => (
                <div
                  key={choice}
                  className="flex items-center gap-2"
                  // Chosen as the pointer goes down: leaving a box above (the version) shows its message, which moves
                  // this choice from under the pointer before the click would land.
                  onPointerDown={(event) => {
                    if (event.button === 0 && bound.value !== choice) bound.onChange(choice);
                  }}
                >
                  <RadioGroupItem value={choice} id={`lifecycle-start-${choice}`} data-testid={`lifecycle-start-${choice}`} />
                  <Label htmlFor={`lifecycle-start-${choice}`} className="font-normal">
                    {t(choice)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </FormControl>
        )}
      </LabeledField>
      {start === "later" && (
        <ZonedDateTimeField
          control={control}
          name={"scheduledAt" as FieldPath<V>}
          label={t("startAt")}
          description={t("startAtHint", { timeZone })}
          timeZone={timeZone}
          testId="lifecycle-start-at"
        />
      )}
    </>
  );
}
