"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarClock, CircleAlert, CircleCheck, CircleHelp, CircleX, Loader2, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { Timestamp } from "@/components/common/timestamp";
import { ErrorAlert } from "@/components/errors/error-alert";
import { useCan } from "@/components/shell/use-console";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { HealthTone } from "@/lib/health";
import { rolloutsQueryOptions, useCancelRollout, useResumeRollout } from "@/lib/lifecycle/rollout-queries";
import type { Rollout, RolloutPathFigures, RolloutStatus, RolloutVerdict, RolloutWave, RolloutWaveStatus } from "@/lib/lifecycle/rollout-schema";
import type { LifecycleStatus } from "@/lib/lifecycle/schema";
import { ProgressBar, useZonedTimeText } from "./operation-cells";
import { useNow } from "./use-zoned-clock";

const STATUS_TONE: Record<RolloutStatus | RolloutWaveStatus, HealthTone> = {
  running: "unknown",
  installing: "unknown",
  observing: "warning",
  pending: "unknown",
  passed: "healthy",
  succeeded: "healthy",
  halted: "bad",
  cancelled: "unknown",
};
const FINISHED: ReadonlySet<LifecycleStatus> = new Set(["success", "failed", "cancelled"]);
const ICONS: Record<HealthTone, LucideIcon> = { healthy: CircleCheck, warning: CircleAlert, bad: CircleX, unknown: CircleHelp };

function StatusBadge({ status, testId }: { status: RolloutStatus | RolloutWaveStatus; testId?: string }) {
  const t = useTranslations("rollout.statuses");
  const tone = STATUS_TONE[status];
  const Icon = status === "running" || status === "installing" ? Loader2 : ICONS[tone];
  return (
    <Badge variant={tone} data-testid={testId} data-status={status}>
      <Icon aria-hidden className={status === "running" || status === "installing" ? "animate-spin" : undefined} />
      {t(status)}
    </Badge>
  );
}

/** A metric as an operator reads it, with its unit. */
function Figure({ metric, figures }: { metric: "latencyMs" | "jitterMs" | "lossPercent" | "samples"; figures: RolloutPathFigures | null }) {
  const t = useTranslations("rollout.units");
  if (!figures) return <span className="text-muted-foreground">—</span>;
  const value = figures[metric];
  if (value === null) return <span className="text-muted-foreground">—</span>;
  if (metric === "samples") return <>{t("samples", { count: value })}</>;
  if (metric === "lossPercent") return <>{t("percent", { value: Math.round(value * 10) / 10 })}</>;
  return <>{t("ms", { value: Math.round(value * 10) / 10 })}</>;
}

/** The gate's verdict on a wave: each degraded path, each metric that got worse, before → after. */
function Verdict({ verdict }: { verdict: RolloutVerdict }) {
  const t = useTranslations("rollout.gate");
  if (verdict.passed) return <p className="text-sm text-muted-foreground">{t("passed", { count: verdict.checkedPaths })}</p>;
  return (
    <div className="overflow-x-auto rounded-md border" data-testid="rollout-verdict">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-3">{t("path")}</TableHead>
            <TableHead>{t("metric")}</TableHead>
            <TableHead>{t("before")}</TableHead>
            <TableHead className="pr-3">{t("after")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {verdict.degraded.flatMap((path) =>
            path.metrics.map((metric, index) => (
              <TableRow key={`${path.pathId}:${metric}`} data-testid="rollout-degraded-path">
                <TableCell className="pl-3 font-medium">{index === 0 ? path.name : ""}</TableCell>
                <TableCell>{t(`metrics.${metric}`)}</TableCell>
                <TableCell className="tabular-nums">
                  <Figure metric={metric} figures={path.before} />
                </TableCell>
                <TableCell className="pr-3 font-medium tabular-nums">
                  <Figure metric={metric} figures={path.after} />
                </TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The devices a cancel leaves on their version (their upgrade not started), named, the first few. */
export function devicesLeft(rollout: Rollout): string[] {
  return rollout.waves.flatMap((wave) =>
    wave.devices.filter((device) => device.operationStatus === null || device.operationStatus === "scheduled").map((device) => device.serialNumber),
  );
}

function cancelTouches(t: ReturnType<typeof useTranslations<"rollout">>, rollout: Rollout): string {
  const left = devicesLeft(rollout);
  const shown = left.slice(0, 8).join(", ");
  return t("cancelTouches", { count: left.length, devices: left.length > 8 ? t("cancelMore", { devices: shown, count: left.length - 8 }) : shown });
}

function RolloutActions({ rollout }: { rollout: Rollout }) {
  const t = useTranslations("rollout");
  const resume = useResumeRollout();
  const cancel = useCancelRollout();
  if (rollout.status !== "running" && rollout.status !== "halted") return null;
  return (
    <div className="flex gap-2">
      {rollout.status === "halted" && (
        <Button
          size="sm"
          variant="outline"
          busy={resume.isPending}
          data-testid="rollout-resume"
          onClick={() =>
            resume.mutate(rollout.id, {
              onSuccess: () => toast.success(t("resumed", { version: rollout.version })),
              onError: (error) => toast.failure(error),
            })
          }
        >
          {t("resume")}
        </Button>
      )}
      <ConfirmDelete
        title={t("cancelTitle", { version: rollout.version })}
        description={`${t("cancelDescription")} ${cancelTouches(t, rollout)}`}
        confirmLabel={t("cancel")}
        dismissLabel={t("keep")}
        testId="rollout-cancel"
        onConfirm={async () => {
          await cancel.mutateAsync(rollout.id);
          toast.success(t("cancelled", { version: rollout.version }));
        }}
        trigger={
          <Button size="sm" variant="outline" data-testid="rollout-cancel">
            {t("cancel")}
          </Button>
        }
      />
    </div>
  );
}

/** The running wave's devices, each with its operation's progress, live (progress news is written into the rollout). */
function WaveProgress({ wave }: { wave: RolloutWave }) {
  const t = useTranslations("lifecycle.rolloutStart");
  const done = wave.devices.filter((device) => device.operationStatus && FINISHED.has(device.operationStatus)).length;
  return (
    <div className="flex flex-col gap-1.5" data-testid="rollout-wave-progress">
      <p className="text-xs text-muted-foreground">{t("progress", { done, total: wave.devices.length })}</p>
      <ul className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
        {wave.devices.map((device) => (
          <li key={device.id} className="flex items-center gap-3 text-xs" data-testid="rollout-device-progress" data-serial={device.serialNumber}>
            <span className="w-32 shrink-0 truncate font-mono font-medium">{device.serialNumber}</span>
            <ProgressBar
              className="flex-1"
              operation={{ serialNumber: device.serialNumber, progress: device.progress ?? 0, status: device.operationStatus ?? "scheduled" }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether a rollout started Later is still waiting for its start (before hydration: as long as it is later). */
function useWaitingForStart(rollout: Rollout): boolean {
  const later = rollout.status === "running" && Date.parse(rollout.startsAt) > Date.parse(rollout.createdAt);
  const now = useNow(later, 5000);
  return later && (now === null || now < Date.parse(rollout.startsAt));
}

function RolloutItem({ rollout, canWrite }: { rollout: Rollout; canWrite: boolean }) {
  const t = useTranslations("rollout");
  const tStart = useTranslations("lifecycle.rolloutStart");
  const timeText = useZonedTimeText();
  const waiting = useWaitingForStart(rollout);
  const haltedWave = rollout.waves.find((wave) => wave.verdict && !wave.verdict.passed);
  const current = rollout.waves[rollout.currentWave - 1];
  return (
    <li className="flex flex-col gap-3 px-4 py-3" data-testid="rollout" data-rollout-id={rollout.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="font-mono font-medium">{rollout.version}</span>
        {waiting ? (
          <Badge variant="unknown" data-testid="rollout-status" data-status="scheduled">
            <CalendarClock aria-hidden />
            {tStart("scheduled")}
          </Badge>
        ) : (
          <StatusBadge status={rollout.status} testId="rollout-status" />
        )}
        {waiting && (
          <span className="text-sm font-medium" data-testid="rollout-starts">
            <time dateTime={rollout.startsAt} title={rollout.startsAt}>
              {tStart("startsAt", { time: timeText(rollout.startsAt) })}
            </time>
          </span>
        )}
        <span className="text-sm text-muted-foreground" data-testid="rollout-wave">
          {t("waveOf", { wave: rollout.currentWave, waves: rollout.waves.length })}
        </span>
        <span className="text-sm text-muted-foreground">
          {waiting ? tStart("scheduledBy", { by: rollout.createdBy ?? "—" }) : t("created", { by: rollout.createdBy ?? "—" })} <Timestamp value={rollout.createdAt} seconds={false} />
        </span>
        {canWrite && (
          <div className="ml-auto">
            <RolloutActions rollout={rollout} />
          </div>
        )}
      </div>
      <ol className="flex flex-wrap gap-2" aria-label={t("waves")}>
        {rollout.waves.map((wave) => (
          <li key={wave.number} className="flex items-center gap-2 rounded-md border px-2 py-1 text-xs" data-testid="rollout-wave-item">
            <span className="font-medium">{t("wave", { wave: wave.number })}</span>
            <span className="text-muted-foreground" title={wave.devices.map((device) => device.serialNumber).join(", ")}>
              {t("devices", { count: wave.devices.length })}
            </span>
            <StatusBadge status={waiting ? "pending" : wave.status} />
          </li>
        ))}
      </ol>
      {!waiting && rollout.status === "running" && current?.status === "installing" && <WaveProgress wave={current} />}
      {rollout.haltReason && (
        <p className="text-sm" data-testid="rollout-halt-reason">
          {rollout.haltReason}
        </p>
      )}
      {rollout.status === "running" && rollout.waves[rollout.currentWave - 1]?.status === "observing" && (
        <p className="text-sm text-muted-foreground">{t("observing", { seconds: rollout.observationSeconds })}</p>
      )}
      {haltedWave?.verdict && <Verdict verdict={haltedWave.verdict} />}
    </li>
  );
}

/**
 * The MSP's staged rollouts, live: state (or when one started Later starts), waves, the running wave's progress device by
 * device, the SLA gate's verdict, and Resume / Cancel for those who may.
 */
export function RolloutsPanel({ organizationId }: { organizationId: string }) {
  const t = useTranslations("rollout");
  const te = useTranslations("errors");
  const canWrite = useCan("msp:lifecycle:write");
  const rollouts = useQuery(rolloutsQueryOptions(organizationId));
  return (
    <Card className="mb-6 gap-0 py-0" data-testid="rollouts-panel">
      <CardHeader className="border-b px-4 py-3 [.border-b]:pb-3">
        <CardTitle className="text-base">{t("panelTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="px-0">
        {rollouts.isPending && <Skeleton className="m-4 h-5" />}
        {rollouts.isError && <ErrorAlert message={te("loadingContent", { error: rollouts.error.message })} onRetry={() => rollouts.refetch()} />}
        {rollouts.isSuccess && rollouts.data.items.length === 0 && <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>}
        {rollouts.isSuccess && rollouts.data.items.length > 0 && (
          <ul className="divide-y">
            {rollouts.data.items.map((rollout) => (
              <RolloutItem key={rollout.id} rollout={rollout} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
