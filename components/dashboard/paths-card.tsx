"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { SlaBadge } from "@/components/paths/sla-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { severityRank } from "@/lib/dashboard/format";
import { pathsQueryOptions, sitePathsQueryOptions } from "@/lib/paths/queries";
import type { Path } from "@/lib/paths/schema";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";

/** Worst SLA first, then by name. */
export function worstFirst(paths: Path[]): Path[] {
  return [...paths].sort((a, b) => severityRank(a.slaHealth) - severityRank(b.slaHealth) || a.name.localeCompare(b.name));
}

function PathsTable({ paths, links, siteId }: { paths: Path[]; links: DashboardLinks; siteId?: string }) {
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
        {worstFirst(paths).map((path) => {
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

/** A customer's paths (its first page, the worst SLA first). */
export function OrganizationPathsCard({ organizationId, links }: { organizationId: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const query = useInfiniteQuery(pathsQueryOptions({ organizationId }));
  const paths = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <DashboardCard title={t("paths")} subtitle={t("pathsSubtitle")} testId="paths-card">
      {query.isPending ? <CardSkeleton /> : query.isError ? <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage> : <PathsTable paths={paths} links={links} />}
    </DashboardCard>
  );
}

/** The paths with an end at a site. */
export function SitePathsCard({ siteId, links }: { siteId: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const query = useQuery(sitePathsQueryOptions(siteId));
  return (
    <DashboardCard title={t("paths")} subtitle={t("pathsSubtitle")} testId="paths-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : (
        <PathsTable paths={query.data} links={links} siteId={siteId} />
      )}
    </DashboardCard>
  );
}
