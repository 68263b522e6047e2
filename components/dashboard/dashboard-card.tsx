import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** A dense dashboard panel: a small title row with optional controls, then the content. */
export function DashboardCard({
  title,
  subtitle,
  actions,
  children,
  className,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={cn("flex min-w-0 flex-col rounded-lg border bg-card text-card-foreground shadow-xs", className)} data-testid={testId} aria-label={title}>
      <header className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b px-4 py-2">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold">{title}</h2>
          {subtitle && <p className="truncate text-xs text-muted-foreground">{subtitle}</p>}
        </div>
        {actions && <div className="flex min-w-0 flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className="min-w-0 flex-1 p-4">{children}</div>
    </section>
  );
}

/** Placeholder rows while a panel's data loads. */
export function CardSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-5 w-full" />
      ))}
    </div>
  );
}

/** A quiet one-line message in a panel (nothing to show, or a failure with its reason). */
export function CardMessage({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <p className={cn("py-6 text-center text-sm", tone === "error" ? "text-destructive" : "text-muted-foreground")} role={tone === "error" ? "alert" : undefined}>
      {children}
    </p>
  );
}
