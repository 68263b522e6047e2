import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A block of code to read and copy (a curl call, a verification snippet). Its long lines scroll sideways on a phone,
 * so it takes the keyboard's focus like any scrollable region (axe: scrollable-region-focusable), named for a screen
 * reader by `label`.
 */
export function CodeBlock({ label, testId, className, children }: { label: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <pre tabIndex={0} aria-label={label} className={cn("overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs", className)} data-testid={testId}>
      <code>{children}</code>
    </pre>
  );
}
