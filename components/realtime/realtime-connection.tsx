"use client";

import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { handleAuthFailure } from "@/lib/api/client";
import { getRealtimeClient, onRealtimeProblem, type RealtimeProblem, type RealtimeStatus } from "@/lib/realtime-client";
import { cn } from "@/lib/utils";
import { useLiveUpdates, usePendingRefetches, useRealtimeCatchUp, useRealtimeStatus } from "./use-realtime";

const TOAST_ID = "realtime";

// Radix's tooltip (and floating-ui) is fetched when a pointer or the focus first reaches the status.
const StatusTooltip = lazyOverlay(() => import("./status-tooltip").then((module) => module.StatusTooltip), "hover");

const DOT: Record<Exclude<RealtimeStatus, "idle">, string> = {
  connecting: "bg-status-unknown animate-pulse",
  open: "bg-status-healthy",
  reconnecting: "bg-status-warning animate-pulse",
  failed: "bg-status-bad",
};

/**
 * Holds the tab's /ws connection while the console shell is on screen, every message going through the registry of
 * live updates, and shows its state in the header: a calm
 * "Live" dot, the SPEC §8 reports ("WebSocket error" while retrying, "Max reconnection attempts reached" when it gave
 * up, with Reconnect). Every report is also logged; giving up raises one toast.
 */
export function RealtimeConnection() {
  const t = useTranslations("realtime");
  const status = useRealtimeStatus();
  const pendingRefetches = usePendingRefetches();
  const [problem, setProblem] = useState<RealtimeProblem | null>(null);

  useLiveUpdates();
  useRealtimeCatchUp();

  useEffect(
    () =>
      onRealtimeProblem((next) => {
        if (next.kind === "session-ended") {
          // Signed out in another tab, or the session was revoked: the same path as a 401 on the user call.
          handleAuthFailure("/api/v1/config/user");
          return;
        }
        setProblem(next);
        if (next.kind === "error") {
          console.warn(`[realtime] ${next.message}`);
          return;
        }
        console.error(`[realtime] ${next.message}`);
        toast.error(next.kind === "too-many" ? t("tooManyConnections") : t("maxAttempts"), {
          id: TOAST_ID,
          action: { label: t("reconnect"), onClick: () => getRealtimeClient()?.reconnect() },
        });
      }),
    [t],
  );

  useEffect(() => {
    if (status === "open") toast.dismiss(TOAST_ID);
  }, [status]);

  if (status === "idle") return null;
  const label =
    status === "open"
      ? t("live")
      : status === "connecting"
        ? t("connecting")
        : status === "failed"
          ? problem?.kind === "too-many"
            ? t("tooManyConnections")
            : t("maxAttempts")
          : problem?.kind === "error"
            ? t("error")
            : t("reconnecting");
  const description =
    status === "open"
      ? t("liveDescription")
      : status === "failed"
        ? problem?.kind === "too-many"
          ? t("tooManyConnectionsDescription")
          : t("failedDescription")
        : t("reconnectingDescription");

  return (
    <div className="flex items-center gap-1" data-testid="realtime-status" data-state={status} data-refetches-pending={pendingRefetches}>
      <StatusTooltip
        description={description}
        trigger={
          <span
            role="status"
            tabIndex={0}
            className="flex h-8 items-center gap-2 rounded-md px-2 text-xs text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span aria-hidden className={cn("size-2 shrink-0 rounded-full", DOT[status])} />
            <span className={cn(status === "open" || status === "connecting" ? "sr-only md:not-sr-only" : "max-w-48 truncate")}>{label}</span>
          </span>
        }
      />
      {status === "failed" && (
        <Button variant="ghost" size="sm" onClick={() => getRealtimeClient()?.reconnect()} data-testid="realtime-reconnect">
          <RefreshCw aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("reconnect")}</span>
        </Button>
      )}
    </div>
  );
}
