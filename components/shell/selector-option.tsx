import { Check } from "lucide-react";
import type { ReactNode } from "react";

/** Whether an organization's name holds what was typed in the selector's search (case-insensitive). */
export function nameMatches(name: string, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || name.toLocaleLowerCase().includes(needle);
}

/** One labelled group of the organization selector's list. */
export function SelectorGroup({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} data-testid={testId}>
      <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{label}</p>
      {children}
    </div>
  );
}

/** One organization in the selector's list, checked when it is the current one. */
export function SelectorOption({ name, selected, onSelect }: { name: string; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      onClick={onSelect}
      className="flex w-full items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none"
    >
      <span className="truncate">{name}</span>
      {selected && <Check className="size-4" aria-hidden />}
    </button>
  );
}
