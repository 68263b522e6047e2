"use client";

import { Gauge } from "lucide-react";
import { useTranslations } from "next-intl";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { cn } from "@/lib/utils";
import { pathBandwidthLimit, type ConnectorLoad } from "@/lib/paths/headroom";

function LoadBar({ load, proposed }: { load: ConnectorLoad; proposed: number }) {
  const t = useTranslations("paths.headroom");
  const formatBandwidth = useBandwidthFormatter();
  const total = load.connector.bandwidth;
  const usedShare = total > 0 ? Math.min(1, load.used / total) : 1;
  const fits = proposed > 0 && load.used + proposed <= total;
  const proposedShare = total > 0 ? Math.min(1 - usedShare, Math.max(0, proposed) / total) : 0;
  return (
    <div className="grid gap-1.5" data-testid="headroom-connector">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium">
          {t("connector", { connector: load.connector.name, bandwidth: formatBandwidth(total) })}
        </span>
        <span className={cn("shrink-0 tabular-nums", load.free === 0 ? "text-destructive" : "text-foreground")} data-testid="headroom-free">
          {t("free", { free: formatBandwidth(load.free) })}
        </span>
      </div>
      <div className="flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <span className="h-full bg-muted-foreground/40" style={{ width: `${usedShare * 100}%` }} />
        <span className={cn("h-full", fits ? "bg-primary" : "bg-destructive")} style={{ width: `${(fits ? proposedShare : 1 - usedShare) * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">
        {load.paths.length ? t("used", { used: formatBandwidth(load.used), count: load.paths.length }) : t("unused")}
      </p>
    </div>
  );
}

/** Before submit: how much each chosen connector has left, and what this path may use. */
export function HeadroomPanel({ source, destination, proposed, loading }: { source?: ConnectorLoad; destination?: ConnectorLoad; proposed: number; loading: boolean }) {
  const t = useTranslations("paths.headroom");
  const formatBandwidth = useBandwidthFormatter();
  const limit = source && destination ? pathBandwidthLimit(source, destination) : null;
  const usable = limit ? Math.min(limit.max, limit.available) : 0;
  return (
    <section className="grid gap-3 rounded-md border bg-muted/30 p-3" data-testid="headroom" aria-live="polite">
      <h3 className="flex items-center gap-2 text-sm font-medium">
        <Gauge aria-hidden className="size-4 text-muted-foreground" />
        {t("title")}
      </h3>
      {loading ? (
        <p className="text-sm text-muted-foreground">{t("loading")}</p>
      ) : !source || !destination ? (
        <p className="text-sm text-muted-foreground">{t("pick")}</p>
      ) : (
        <>
          <LoadBar load={source} proposed={proposed} />
          <LoadBar load={destination} proposed={proposed} />
          <p className={cn("text-sm font-medium", usable === 0 && "text-destructive")} data-testid="headroom-max">
            {usable === 0 ? t("full") : t("max", { max: formatBandwidth(usable) })}
          </p>
        </>
      )}
    </section>
  );
}
