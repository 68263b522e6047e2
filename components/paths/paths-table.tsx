"use client";

import { ArrowRight, Network } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionsHead, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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

interface PathRowProps {
  path: Path;
  /** The site the paths are seen from (links stay under it). */
  fromSiteId?: string;
  /** Marks paths that are read-only (AWS). */
  readOnly?: (path: Path) => boolean;
  /** An MSP sees its customers' paths: name the customer of each. */
  showCustomer?: boolean;
}

/** The head cells of a paths table, and how many columns they make. */
export function PathColumns({ showCustomer }: { showCustomer?: boolean }) {
  const t = useTranslations("paths");
  return (
    <>
      <TableHead className="pl-4">{t("columns.name")}</TableHead>
      {showCustomer && <TableHead>{t("columns.customer")}</TableHead>}
      <TableHead>{t("columns.health")}</TableHead>
      <TableHead>{t("columns.layer")}</TableHead>
      <TableHead>{t("columns.endpoints")}</TableHead>
      <TableHead>{t("columns.vlan")}</TableHead>
      <TableHead className="text-right">{t("columns.bandwidth")}</TableHead>
      <ActionsHead className="w-12 pr-4" />
    </>
  );
}

export const pathColumnCount = (showCustomer?: boolean) => (showCustomer ? 8 : 7);

/** A path with its SLA health, layer, ends, VLAN and bandwidth; it opens its detail; View Path Topology. */
export function PathRow({ path, fromSiteId, readOnly, showCustomer }: PathRowProps) {
  const t = useTranslations("paths");
  const formatBandwidth = useBandwidthFormatter();
  const links = usePathLinks();
  const { organizations } = useConsole();
  const topology = links.topology(path, fromSiteId);
  return (
    <TableRow data-testid="path-row">
      <TableCell className="max-w-56 pl-4">
        <IntentLink href={links.detail(path, fromSiteId)} className="font-medium hover:underline">
          {path.name}
        </IntentLink>
        {readOnly?.(path) && <p className="text-xs text-muted-foreground">{t("aws")}</p>}
      </TableCell>
      {showCustomer && (
        <TableCell className="max-w-40 truncate text-muted-foreground">{organizations.find((org) => org.id === path.organizationId)?.name ?? "—"}</TableCell>
      )}
      <TableCell>
        <SlaBadge health={path.slaHealth} />
      </TableCell>
      <TableCell>
        <PathLayer path={path} />
      </TableCell>
      <TableCell>
        <span className="flex max-w-96 items-center gap-2">
          <End site={path.sourceSiteName} connector={path.sourceConnectorName} />
          <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          <End site={path.destinationSiteName} connector={path.destinationConnectorName} />
        </span>
      </TableCell>
      <TableCell>
        <PathVlan path={path} />
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatBandwidth(path.bandwidth)}</TableCell>
      <TableCell className="pr-4 text-right">
        {topology && (
          <Button asChild variant="ghost" size="sm">
            <IntentLink href={topology} data-testid="view-path-topology">
              <Network aria-hidden />
              <span className="hidden xl:inline">{t("viewTopology")}</span>
              <span className="sr-only xl:hidden">{t("viewTopology")}</span>
            </IntentLink>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

interface PathsTableProps extends Omit<PathRowProps, "path"> {
  paths: Path[];
  loading: boolean;
  /** Shown in the body when there is no path. */
  empty: React.ReactNode;
  testId?: string;
}

/** A whole list of paths (a site's), as a table. */
export function PathsTable({ paths, loading, empty, testId, ...row }: PathsTableProps) {
  const columns = pathColumnCount(row.showCustomer);
  return (
    <Table data-testid={testId}>
      <TableHeader>
        <TableRow>
          <PathColumns showCustomer={row.showCustomer} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && <TableLoadingRows columns={columns} />}
        {!loading && paths.length === 0 && <TableEmptyRow columns={columns}>{empty}</TableEmptyRow>}
        {paths.map((path) => (
          <PathRow key={path.id} path={path} {...row} />
        ))}
      </TableBody>
    </Table>
  );
}
