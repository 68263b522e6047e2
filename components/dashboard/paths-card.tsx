"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { SlaBadge } from "@/components/paths/sla-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { bySlaHealth, hiddenRows } from "@/lib/dashboard/lists";
import type { PathHealth } from "@/lib/telemetry/schema";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { MoreRows } from "./capped-list";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { cardQueries } from "@/lib/dashboard/card-queries";

function PathsTable({ paths, links, siteId }: { paths: PathHealth[]; links: DashboardLinks; siteId?: string }) {
  const t = useTranslations("dashboard");
  const bandwidth = useBandwidthFormatter();
  if (paths.length === 0) return <CardMessage>{t("noPaths")}</CardMessage>;
  return (
    <Table className="text-xs">
      <TableHeader>
        <TableRow>
          <TableHead className="h-8">{t("columns.sla")}</TableHead>
          <TableHead className="h-8">{t("columns.path")}</TableHead>
          <TableHead className="h-8">{t("columns.ends")}</TableHead>
          <TableHead className="h-8 text-right">{t("columns.bandwidth")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...paths].sort(bySlaHealth).map((path) => {
          const href = links.path(siteId ?? path.sourceSiteId, path.id);
          return (
            <TableRow key={path.id} data-testid="dashboard-path" data-path-id={path.id}>
              <TableCell className="py-1.5">
                <SlaBadge health={path.slaHealth} />
              </TableCell>
              <TableCell className="max-w-48 truncate py-1.5 font-medium">
                {href ? (
                  <Link href={href} className="hover:underline">
                    {path.name}
                  </Link>
                ) : (
                  path.name
                )}
              </TableCell>
              <TableCell className="max-w-64 truncate py-1.5 text-muted-foreground">
                {path.sourceSiteName} → {path.destinationSiteName}
              </TableCell>
              <TableCell className="py-1.5 text-right font-mono tabular-nums">{bandwidth(path.bandwidth)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** A customer's paths, or those with an end at a site: the worst SLA first, the rest counted with a link to them all. */
export function PathsCard({ kind, id, links }: { kind: "site" | "organization"; id: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const query = useQuery(cardQueries.paths(kind, id));
  const paths = query.data?.items ?? [];
  const hidden = hiddenRows(query.data?.total, paths.length);
  return (
    <DashboardCard title={t("paths")} subtitle={t("pathsSubtitle")} testId="paths-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : (
        <PathsTable paths={paths} links={links} siteId={kind === "site" ? id : undefined} />
      )}
      {hidden > 0 && <MoreRows href={kind === "site" ? links.sitePaths(id) : links.paths} label={t("morePaths", { count: hidden })} />}
    </DashboardCard>
  );
}
