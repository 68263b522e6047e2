"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { LIST_SEARCH_MAX } from "@/lib/sorting";
import { cn } from "@/lib/utils";

/** The filter box above a list: its hint is both the placeholder and the box's accessible name. */
export function SearchFilter({
  value,
  onChange,
  label,
  testId,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
  /** Beside other filters in a row: the row keeps the space under them. */
  className?: string;
}) {
  return (
    <div className={cn("relative mb-3 max-w-sm", className)}>
      <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        maxLength={LIST_SEARCH_MAX}
        className="pl-8"
        data-testid={testId}
      />
    </div>
  );
}
