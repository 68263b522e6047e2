"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/** The filter box above a list: its hint is both the placeholder and the box's accessible name. */
export function SearchFilter({ value, onChange, label, testId }: { value: string; onChange: (value: string) => void; label: string; testId: string }) {
  return (
    <div className="relative mb-3 max-w-sm">
      <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
      <Input value={value} onChange={(event) => onChange(event.target.value)} placeholder={label} aria-label={label} className="pl-8" data-testid={testId} />
    </div>
  );
}
