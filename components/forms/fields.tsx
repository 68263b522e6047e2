"use client";

import type { ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { LabeledField, type FieldProps } from "./labeled-field";

// The labelled fields of the console's forms, on the ui/form primitives: label, control, hint and message in the
// user's language, with the control's ids and aria attributes from FormControl.

type ControlProps<V extends FieldValues, N extends FieldPath<V>, X> = FieldProps<V, N, X> & { testId: string; disabled?: boolean };

/** Binds a box to its field: the value shown as text; an edit stores the text, or undefined for an empty box if `unset`. */
function boxProps<V extends FieldValues, N extends FieldPath<V>>(field: ControllerRenderProps<V, N>, disabled: boolean | undefined, unset?: boolean) {
  return {
    name: field.name,
    ref: field.ref,
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Leaving a box for its form's submit button: the submit checks every field. Checking this one first would show
      // its message, move the button from under the pointer, and the click would never land.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === "submit" && next.form !== null && next.form === event.currentTarget.form) return;
      field.onBlur();
    },
    disabled: disabled || field.disabled,
    value: (field.value as string | number | null | undefined) ?? "",
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      field.onChange(event.target.value === "" && unset ? undefined : event.target.value),
  };
}

type TextFieldProps<V extends FieldValues, N extends FieldPath<V>, X> = ControlProps<V, N, X> & {
  /** An identifier (IP, prefix, account): monospaced and not spell-checked. */
  mono?: boolean;
  /** An empty box leaves the value undefined rather than "" (e.g. a write-only secret that stays as stored). */
  unsetWhenEmpty?: boolean;
  type?: "text" | "password";
  placeholder?: string;
  /** Console values are not personal data: off unless said otherwise. */
  autoComplete?: string;
  spellCheck?: boolean;
  className?: string;
};

/** A one-line text field. */
export function TextField<V extends FieldValues, N extends FieldPath<V>, X = V>(props: TextFieldProps<V, N, X>) {
  const { testId, disabled, mono, unsetWhenEmpty, type, placeholder, autoComplete, spellCheck, className, ...field } = props;
  return (
    <LabeledField {...field}>
      {(bound) => (
        <FormControl>
          <Input
            type={type}
            autoComplete={autoComplete ?? "off"}
            spellCheck={spellCheck ?? (mono ? false : undefined)}
            className={cn(mono && "font-mono", className)}
            placeholder={placeholder}
            data-testid={testId}
            {...boxProps(bound, disabled, unsetWhenEmpty)}
          />
        </FormControl>
      )}
    </LabeledField>
  );
}

type TextareaFieldProps<V extends FieldValues, N extends FieldPath<V>, X> = ControlProps<V, N, X> & { placeholder?: string; rows?: number };

/** A few lines of free text (a description): two rows to start, growing with what is written. */
export function TextareaField<V extends FieldValues, N extends FieldPath<V>, X = V>(props: TextareaFieldProps<V, N, X>) {
  const { testId, disabled, placeholder, rows = 2, ...field } = props;
  return (
    <LabeledField {...field}>
      {(bound) => (
        <FormControl>
          <Textarea rows={rows} placeholder={placeholder} data-testid={testId} {...boxProps(bound, disabled)} />
        </FormControl>
      )}
    </LabeledField>
  );
}

type NumberFieldProps<V extends FieldValues, N extends FieldPath<V>, X> = ControlProps<V, N, X> & {
  /** Shown inside the box on the right (Mbps, bytes, seconds). */
  unit?: string;
  /** Classes of the input, e.g. a narrower right padding for a short unit. */
  className?: string;
  /** An empty box hands "" to a schema that says itself what a blank means, instead of leaving the value undefined. */
  emptyAsText?: boolean;
};

/**
 * A number typed as text for the schema to parse, with its unit. An empty box is nothing (undefined), so the field's
 * own message answers: a schema coercing "" would read 0.
 */
export function NumberField<V extends FieldValues, N extends FieldPath<V>, X = V>(props: NumberFieldProps<V, N, X>) {
  const { testId, disabled, unit, className, emptyAsText, ...field } = props;
  return (
    <LabeledField {...field}>
      {(bound) => {
        const input = (
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              className={cn(unit && "pr-18", "tabular-nums", className)}
              data-testid={testId}
              {...boxProps(bound, disabled, !emptyAsText)}
            />
          </FormControl>
        );
        if (!unit) return input;
        return (
          <div className="relative">
            {input}
            <span className="pointer-events-none absolute top-2 right-3 text-sm text-muted-foreground">{unit}</span>
          </div>
        );
      }}
    </LabeledField>
  );
}

type SelectFieldProps<V extends FieldValues, N extends FieldPath<V>, X> = ControlProps<V, N, X> & {
  placeholder?: string;
  /** After the choice is stored (and the field counted as visited): what else it changes. */
  onValueChange?: (value: string) => void;
  /** Tabbing past the closed list also counts as a visit, so a required field says so before submit. */
  touchOnBlur?: boolean;
  triggerClassName?: string;
  contentClassName?: string;
  /** The SelectItems. */
  children: React.ReactNode;
};

/** A choice from a list; choosing counts as a visit, so the field's message follows the choice at once. */
export function SelectField<V extends FieldValues, N extends FieldPath<V>, X = V>(props: SelectFieldProps<V, N, X>) {
  const { testId, disabled, placeholder, onValueChange, touchOnBlur, triggerClassName, contentClassName, children, ...field } = props;
  return (
    <LabeledField {...field}>
      {(bound) => (
        <Select
          value={(bound.value as string | undefined) ?? ""}
          onValueChange={(next) => {
            bound.onChange(next);
            bound.onBlur();
            onValueChange?.(next);
          }}
          disabled={disabled || bound.disabled}
        >
          <FormControl>
            <SelectTrigger className={cn("w-full", triggerClassName)} data-testid={testId} onBlur={touchOnBlur ? bound.onBlur : undefined}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent className={contentClassName}>{children}</SelectContent>
        </Select>
      )}
    </LabeledField>
  );
}
