"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ANY = "any";

/** A list filter: "any" (no filter, undefined) or one of its values, each with its label. */
export function FilterSelect<T extends string>({
  value,
  onChange,
  label,
  anyLabel,
  options,
  testId,
  className,
}: {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** The filter's accessible name. */
  label: string;
  anyLabel: string;
  options: readonly { value: T; label: string }[];
  testId: string;
  className?: string;
}) {
  return (
    <Select value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? undefined : (next as T))}>
      <SelectTrigger aria-label={label} data-testid={testId} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
