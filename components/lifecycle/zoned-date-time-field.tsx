"use client";

import { useState } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { LabeledField, type FieldProps } from "@/components/forms/labeled-field";
import { FormControl } from "@/components/ui/form";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { fromZonedInput, toZonedInput } from "@/lib/lifecycle/zoned-time";

type ZonedDateTimeFieldProps<V extends FieldValues, N extends FieldPath<V>, X> = FieldProps<V, N, X> & {
  /** The IANA zone the box's date and time are read in. */
  timeZone: string;
  testId: string;
};

/**
 * A date and time in the user's time zone, held by the form as the instant in UTC (ISO 8601): what the shared schema
 * checks and the API stores. An incomplete box holds "" (the schema's "Start time is required").
 */
export function ZonedDateTimeField<V extends FieldValues, N extends FieldPath<V>, X = V>({ timeZone, testId, ...field }: ZonedDateTimeFieldProps<V, N, X>) {
  return (
    <LabeledField {...field}>
      {({ value, name, ref, disabled, onBlur, onChange }) => (
        <ZonedInput
          value={(value as string | null | undefined) ?? ""}
          timeZone={timeZone}
          testId={testId}
          name={name}
          inputRef={ref}
          disabled={disabled}
          onBlur={onBlur}
          onChange={onChange}
        />
      )}
    </LabeledField>
  );
}

interface ZonedInputProps {
  value: string;
  timeZone: string;
  testId: string;
  name: string;
  inputRef: React.Ref<HTMLInputElement>;
  disabled?: boolean;
  onBlur: () => void;
  onChange: (value: string) => void;
}

function ZonedInput({ value, timeZone, testId, name, inputRef, disabled, onBlur, onChange }: ZonedInputProps) {
  // The box's own wall clock: an incomplete entry has no instant yet, and must not be wiped by the form's "".
  const [wall, setWall] = useState(() => (value ? toZonedInput(value, timeZone) : ""));
  return (
    <FormControl>
      <DateTimeInput
        name={name}
        inputRef={inputRef}
        disabled={disabled}
        value={wall}
        className="w-full sm:w-72"
        testId={testId}
        onBlur={onBlur}
        onChange={(next) => {
          setWall(next);
          onChange(fromZonedInput(next, timeZone) ?? "");
        }}
      />
    </FormControl>
  );
}
