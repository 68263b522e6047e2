"use client";

import { useTranslations } from "next-intl";
import { PATH_ROUTE_ANCHOR } from "@/components/paths/path-links";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { LiveIndicator, TopologyView, useLiveTopology } from "./path-topology";

/**
 * A customer's view of its path's route, on the path's page: the topology page itself is the MSP's (SPEC §6), so the
 * customer sees the same drawing here, without the MSP's link names and costs (the API leaves them out).
 */
export function PathRoute({ pathId }: { pathId: string }) {
  const t = useTranslations("topology");
  const query = useLiveTopology(pathId);
  return (
    <section id={PATH_ROUTE_ANCHOR} className="mt-6 scroll-mt-20" aria-labelledby="path-route-title" data-testid="path-route">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="path-route-title" className="text-lg font-semibold tracking-tight">
            {t("route.title")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("route.description")}</p>
        </div>
        {query.data && <LiveIndicator generatedAt={query.data.generatedAt} />}
      </div>
      {query.isError && !query.data ? (
        <ErrorAlert message={t("loadFailed", { error: query.error.message })} onRetry={() => query.refetch()} />
      ) : query.data ? (
        <div data-testid="path-topology" data-reachable={query.data.reachable}>
          <TopologyView topology={query.data} />
        </div>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </section>
  );
}
