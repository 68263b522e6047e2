"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { LifecycleOperation, LifecycleStatus } from "@/lib/lifecycle/schema";
import { cn } from "@/lib/utils";
import { useNow, useUserTimeZone } from "./use-zoned-clock";

// The pieces of an operation the tabs and the details panel show alike.

const STATUS_CLASS: Record<LifecycleStatus, string> = {
  scheduled: "border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300",
  active: "border-transparent bg-primary/15 text-primary",
  // Words in the foreground colour on the status tint: green or red words on their own tint are too faint (WCAG AA).
  success: "border-status-healthy/40 bg-status-healthy/10 text-foreground",
  failed: "border-status-bad/40 bg-status-bad/10 text-foreground",
  cancelled: "border-border bg-muted text-foreground",
};

const BAR_CLASS: Record<LifecycleStatus, string> = {
  scheduled: "bg-muted-foreground/40",
  active: "bg-primary",
  success: "bg-status-healthy",
  failed: "bg-status-bad",
  cancelled: "bg-muted-foreground/40",
};

export function StatusBadge({ status }: { status: LifecycleStatus }) {
  const t = useTranslations("lifecycle.status");
  return (
    <Badge variant="outline" className={cn(STATUS_CLASS[status])} data-testid="lifecycle-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}

/** "Install version 24.3.2" or "Reboot". */
export function useOperationLabel() {
  const t = useTranslations("lifecycle.operation");
  return (operation: Pick<LifecycleOperation, "operation" | "version">) =>
    operation.operation === "install-version" ? t("installVersion", { version: operation.version ?? "" }) : t("reboot");
}

/** A live progress bar, in whole percents, coloured by status. */
export function ProgressBar({ operation, className }: { operation: Pick<LifecycleOperation, "serialNumber" | "progress" | "status">; className?: string }) {
  const t = useTranslations("lifecycle");
  return (
    <div className={cn("flex min-w-28 items-center gap-2", className)}>
      <div
        role="progressbar"
        aria-label={t("progressLabel", { serialNumber: operation.serialNumber })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={operation.progress}
        data-testid="lifecycle-progress"
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full transition-[width] duration-700 ease-out", BAR_CLASS[operation.status])} style={{ width: `${operation.progress}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-muted-foreground tabular-nums">{operation.progress} %</span>
    </div>
  );
}

/** Seconds as "42 s", "3 min 05 s" or "1 h 12 min". */
export function useDurationText() {
  const t = useTranslations("lifecycle.duration");
  return (total: number) => {
    const seconds = total % 60;
    const minutes = Math.floor(total / 60) % 60;
    const hours = Math.floor(total / 3600);
    if (hours > 0) return t("hours", { hours, minutes });
    if (minutes > 0) return t("minutes", { minutes, seconds: String(seconds).padStart(2, "0") });
    return t("seconds", { seconds });
  };
}

/** From start to finish; counting while it runs. */
export function Duration({ operation }: { operation: LifecycleOperation }) {
  const t = useTranslations("lifecycle");
  const text = useDurationText();
  const running = operation.status === "active" && operation.startedAt !== null;
  const now = useNow(running);
  if (operation.durationSeconds === null && !running) return <span className="text-muted-foreground">{t("none")}</span>;
  const seconds =
    running && now !== null && operation.startedAt
      ? Math.max(operation.durationSeconds ?? 0, Math.round((now - new Date(operation.startedAt).getTime()) / 1000))
      : (operation.durationSeconds ?? 0);
  return <span className="tabular-nums">{text(seconds)}</span>;
}

const TO_THE_MINUTE = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;
const IN_A_TABLE = { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;

/**
 * A moment in the user's language and time zone, the zone named; the exact instant (UTC) in the tooltip. `short`
 * leaves the year out (tables; the details panel says it).
 */
export function ZonedTime({ value, className, short }: { value: string | null; className?: string; short?: boolean }) {
  const t = useTranslations("lifecycle");
  const text = useZonedTimeText();
  if (!value) return <span className={cn("text-muted-foreground", className)}>{t("none")}</span>;
  return (
    <time dateTime={value} title={value} className={cn("whitespace-nowrap", className)}>
      {text(value, short)}
    </time>
  );
}

/** A moment as ZonedTime writes it, as text (inside a sentence). */
export function useZonedTimeText() {
  const format = useFormatter();
  const timeZone = useUserTimeZone();
  return (value: string, short?: boolean) => format.dateTime(new Date(value), { ...(short ? IN_A_TABLE : TO_THE_MINUTE), timeZone });
}

/** The person, or a dash. */
export function Person({ name }: { name: string | null }) {
  const t = useTranslations("lifecycle");
  return name ? (
    <span className="block max-w-44 truncate" title={name}>
      {name}
    </span>
  ) : (
    <span className="text-muted-foreground">{t("none")}</span>
  );
}
