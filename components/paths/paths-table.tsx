"use client";

import { ArrowRight, Network } from "lucide-react";
import { useTranslations } from "next-intl";
import { DataHeads, DataRow, dataColumnCount, type DataColumn } from "@/components/common/data-table";
import { TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableHeader, TableRow } from "@/components/ui/table";
import type { Path } from "@/lib/paths/schema";
import { usePathLinks } from "./path-links";
import { SlaBadge } from "./sla-badge";

function End({ site, connector }: { site: string; connector: string }) {
  return (
    <span className="grid min-w-0 leading-tight">
      <span className="truncate">{site}</span>
      <span className="truncate text-xs text-muted-foreground">{connector}</span>
    </span>
  );
}

export function PathLayer({ path }: { path: Pick<Path, "layer"> }) {
  const t = useTranslations("paths.layers");
  return (
    <Badge variant="outline" className="font-mono">
      {t(path.layer)}
    </Badge>
  );
}

export function PathVlan({ path }: { path: Pick<Path, "vlanType" | "vlanId"> }) {
  const t = useTranslations("paths");
  return <span className="tabular-nums">{path.vlanType === "all" ? t("vlanAll") : t("vlanSpecific", { vlan: path.vlanId ?? "" })}</span>;
}

interface PathColumnsOptions {
  /** The site the paths are seen from (links stay under it). */
  fromSiteId?: string;
  /** Marks paths that are read-only (AWS). */
  readOnly?: (path: Path) => boolean;
  /** An MSP sees its customers' paths: name the customer of each. */
  showCustomer?: boolean;
}

/**
 * A paths table's columns: name, SLA health, layer, ends, VLAN, bandwidth and View Path Topology. The name, health,
 * bandwidth and the topology button always show; the ends and the customer fold on a phone, the layer and VLAN below
 * 1280 px.
 */
export function usePathColumns({ fromSiteId, readOnly, showCustomer }: PathColumnsOptions): DataColumn<Path>[] {
  const t = useTranslations("paths");
  const formatBandwidth = useBandwidthFormatter();
  const links = usePathLinks();
  const { organizations } = useConsole();
  const columns: (DataColumn<Path> | false | undefined)[] = [
    {
      id: "name",
      label: t("columns.name"),
      sort: "name",
      headClassName: "pl-4",
      cellClassName: "max-w-56 pl-4",
      cell: (path) => (
        <>
          <IntentLink href={links.detail(path, fromSiteId)} className="font-medium hover:underline">
            {path.name}
          </IntentLink>
          {readOnly?.(path) && <p className="text-xs text-muted-foreground">{t("aws")}</p>}
        </>
      ),
    },
    showCustomer && {
      id: "customer",
      label: t("columns.customer"),
      priority: 2,
      cellClassName: "max-w-40 truncate text-muted-foreground",
      cell: (path) => organizations.find((org) => org.id === path.organizationId)?.name ?? "—",
    },
    { id: "health", label: t("columns.health"), sort: "state", cell: (path) => <SlaBadge health={path.slaHealth} /> },
    { id: "layer", label: t("columns.layer"), priority: 3, cell: (path) => <PathLayer path={path} /> },
    {
      id: "endpoints",
      label: t("columns.endpoints"),
      priority: 2,
      cell: (path) => (
        <span className="flex max-w-96 items-center gap-2">
          <End site={path.sourceSiteName} connector={path.sourceConnectorName} />
          <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          <End site={path.destinationSiteName} connector={path.destinationConnectorName} />
        </span>
      ),
    },
    { id: "vlan", label: t("columns.vlan"), priority: 3, cell: (path) => <PathVlan path={path} /> },
    {
      id: "bandwidth",
      label: t("columns.bandwidth"),
      sort: "bandwidth",
      headClassName: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (path) => formatBandwidth(path.bandwidth),
    },
    {
      id: "topology",
      label: t("viewTopology"),
      labelHidden: true,
      headClassName: "w-12 pr-4",
      cellClassName: "pr-4 text-right",
      cell: (path) => {
        const topology = links.topology(path, fromSiteId);
        return (
          topology && (
            <Button asChild variant="ghost" size="sm">
              <IntentLink href={topology} data-testid="view-path-topology">
                <Network aria-hidden />
                <span className="hidden xl:inline">{t("viewTopology")}</span>
                <span className="sr-only xl:hidden">{t("viewTopology")}</span>
              </IntentLink>
            </Button>
          )
        );
      },
    },
  ];
  return columns.filter((column): column is DataColumn<Path> => Boolean(column));
}

interface PathsTableProps extends PathColumnsOptions {
  paths: Path[];
  loading: boolean;
  /** Shown in the body when there is no path. */
  empty: React.ReactNode;
  testId?: string;
}

/** A whole list of paths (a site's), as a table. */
export function PathsTable({ paths, loading, empty, testId, ...options }: PathsTableProps) {
  const columns = usePathColumns(options);
  const count = dataColumnCount(columns);
  return (
    <div className="@container">
      <Table data-testid={testId}>
        <TableHeader>
          <TableRow>
            <DataHeads columns={columns} />
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && <TableLoadingRows columns={count} />}
          {!loading && paths.length === 0 && <TableEmptyRow columns={count}>{empty}</TableEmptyRow>}
          {paths.map((path) => (
            <DataRow key={path.id} row={path} columns={columns} name={path.name} rowProps={{ "data-testid": "path-row" }} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
