"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { useRateFormat } from "./use-units";
import { cardQueries } from "@/lib/dashboard/card-queries";

function TalkerList({ title, items, testId }: { title: string; items: { name: string; bytes: number }[]; testId: string }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const max = Math.max(...items.map((item) => item.bytes), 1);
  return (
    <div className="min-w-0" data-testid={testId}>
      <h3 className="mb-2 text-xs font-medium text-muted-foreground uppercase">{title}</h3>
      {items.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("noTraffic")}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {items.map((item) => (
            <li key={item.name} className="text-xs" data-testid="talker">
              <div className="flex items-baseline justify-between gap-2">
                <span className="truncate font-mono" title={item.name}>
                  {item.name}
                </span>
                <span className="shrink-0 font-mono text-muted-foreground tabular-nums">{units.bytes(item.bytes)}</span>
              </div>
              <div className="mt-0.5 h-1 rounded-full bg-muted">
                <div className="h-1 rounded-full bg-[var(--chart-rx)]" style={{ width: `${(item.bytes / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The sources and destinations moving the most bytes over the last 24 hours. */
export function TopTalkersCard({ kind, id }: { kind: "site" | "organization"; id: string }) {
  const t = useTranslations("dashboard");
  const query = useQuery(cardQueries.topTalkers(kind, id));
  return (
    <DashboardCard title={t("topTalkers")} subtitle={t("last24h")} testId="top-talkers-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TalkerList title={t("sources")} items={query.data.sources} testId="top-sources" />
          <TalkerList title={t("destinations")} items={query.data.destinations} testId="top-destinations" />
        </div>
      )}
    </DashboardCard>
  );
}
