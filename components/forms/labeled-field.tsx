"use client";

import type { Control, ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";

/** Where a field's value lives in its form (values V, path N, submitted values X), and what is read around it. */
export interface FieldProps<V extends FieldValues, N extends FieldPath<V>, X = V> {
  control: Control<V, unknown, X>;
  name: N;
  label: React.ReactNode;
  /** A hint under the control. */
  description?: React.ReactNode;
  /** In place of the field's message (e.g. every message of a list). */
  message?: React.ReactNode;
}

/** One field of a form: its label, the control `children` renders in a FormControl, an optional hint, its message. */
export function LabeledField<V extends FieldValues, N extends FieldPath<V>, X = V>({
  control,
  name,
  label,
  description,
  message,
  children,
}: FieldProps<V, N, X> & { children: (field: ControllerRenderProps<V, N>) => React.ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          {children(field)}
          {description && <FormDescription>{description}</FormDescription>}
          {message ?? <FormMessage />}
        </FormItem>
      )}
    />
  );
}
