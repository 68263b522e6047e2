"use client";

import { PopoverContent } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/**
 * A combobox's list under its input: the input keeps the focus (options are chosen with the arrows and Enter, or a
 * click), and a click on the input itself does not close the list.
 */
export function ComboboxPopoverContent({ anchor, className, children }: { anchor: React.RefObject<HTMLElement | null>; className?: string; children: React.ReactNode }) {
  return (
    <PopoverContent
      align="start"
      className={cn("w-(--radix-popover-trigger-width) p-1", className)}
      onOpenAutoFocus={(event) => event.preventDefault()}
      onCloseAutoFocus={(event) => event.preventDefault()}
      onInteractOutside={(event) => {
        if (anchor.current?.contains(event.target as Node)) event.preventDefault();
      }}
    >
      {children}
    </PopoverContent>
  );
}
