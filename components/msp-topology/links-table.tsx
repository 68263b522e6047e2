"use client";

import { ArrowRight, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { PagedDataTable, useUrlSort, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { SearchFilter } from "@/components/common/search-filter";
import { StatusDot } from "@/components/dashboard/status-dot";
import { useTopologyFormat } from "@/components/topology/use-topology-format";
import { Badge } from "@/components/ui/badge";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { LINK_HEALTH_STATES } from "@/lib/health";
import { topologyLinksQueryOptions, type TopologyLinkFilter, type TopologySelection } from "@/lib/topology/queries";
import type { TopologyLinkRow } from "@/lib/topology/schema";
import { cn } from "@/lib/utils";

const ALL = "all";
const LINK_TYPES = ["fiber", "internet"] as const;

function End({ end }: { end: TopologyLinkRow["source"] }) {
  const types = useTranslations("topology.types");
  return (
    <span className="grid min-w-28 leading-tight">
      <span className="truncate">{end.name}</span>
      <span className="truncate text-xs text-muted-foreground">{types(end.kind)}</span>
    </span>
  );
}

/** A link's status: its health in the shared colours, and whether its ends report it up, down or nothing. */
function LinkStatus({ row }: { row: TopologyLinkRow }) {
  const t = useTranslations("mspTopology.links.status");
  return (
    <span className="grid gap-0.5" data-testid="link-status" data-health={row.health}>
      <StatusDot state={row.health} />
      <span className="text-xs text-muted-foreground">{t(row.status ?? "none")}</span>
    </span>
  );
}

interface LinksTableProps {
  mspId: string;
  filter: TopologyLinkFilter;
  /** Changes the filters from the current ones (never from a render's copy, which a moment may have outdated). */
  onFilterChange: (change: (current: TopologyLinkFilter) => TopologyLinkFilter) => void;
  /** The name of the node the table is filtered on, when it is. */
  nodeName: string | null;
  selection: TopologySelection | null;
  onSelect: (link: TopologyLinkRow) => void;
}

/** SPEC §2 "Topology: links table (endpoints, priority, status)": filtered on the server, a keyset page at a time. */
export function LinksTable({ mspId, filter, onFilterChange, nodeName, selection, onSelect }: LinksTableProps) {
  const t = useTranslations("mspTopology.links");
  const kinds = useTranslations("topology.kinds");
  const states = useTranslations("topology.states");
  const format = useTopologyFormat();
  // The search box's text reaches the list through the filters (and the URL): the query follows the filter.
  const { asked, sorting } = useUrlSort("topologyLinks", { sort: "name", order: "asc" });
  const links = usePagedList(() => topologyLinksQueryOptions(mspId, filter, asked), { initialSearch: filter.search ?? "", keepPrevious: true });
  const debounced = links.searched;
  useEffect(() => {
    onFilterChange((current) => ((current.search ?? "") === debounced ? current : { ...current, search: debounced || undefined }));
  }, [debounced, onFilterChange]);
  const filtered = Boolean(filter.search || filter.type || filter.health || filter.nodeId);
  // At 1024 px the live state (bandwidth, status, latency, loss) stays; the ends, type and priority fold first.
  const columns: DataColumn<TopologyLinkRow>[] = [
    {
      id: "name",
      label: t("columns.name"),
      sort: "name",
      headClassName: "pl-4",
      cellClassName: "max-w-64 pl-4",
      cell: (row) => (
        <button
          type="button"
          className="max-w-full truncate text-left font-medium hover:underline"
          aria-pressed={selection?.type === "link" && selection.id === row.id}
          title={t("select", { name: row.name })}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(row);
          }}
        >
          {row.name}
        </button>
      ),
    },
    {
      id: "endpoints",
      label: t("columns.endpoints"),
      priority: 3,
      cell: (row) => (
        <span className="flex max-w-96 items-center gap-2">
          <End end={row.source} />
          <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          <End end={row.destination} />
        </span>
      ),
    },
    { id: "type", label: t("columns.type"), priority: 3, cell: (row) => <Badge variant="outline">{kinds(row.type)}</Badge> },
    {
      id: "priority",
      header: <span title={t("priorityHint")}>{t("columns.priority")}</span>,
      label: t("columns.priority"),
      priority: 3,
      headClassName: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (row) => <span data-testid="link-priority">{row.cost}</span>,
    },
    {
      id: "bandwidth",
      label: t("columns.bandwidth"),
      sort: "bandwidth",
      priority: 2,
      headClassName: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (row) => format.bandwidth(row.bandwidth),
    },
    { id: "status", label: t("columns.status"), cell: (row) => <LinkStatus row={row} /> },
    {
      id: "latency",
      label: t("columns.latency"),
      priority: 2,
      headClassName: "text-right",
      cellClassName: "text-right tabular-nums",
      cell: (row) => format.ms(row.latencyMs),
    },
    {
      id: "loss",
      label: t("columns.loss"),
      priority: 2,
      headClassName: "pr-4 text-right",
      cellClassName: "pr-4 text-right tabular-nums",
      cell: (row) => format.percent(row.lossPercent),
    },
  ];

  return (
    <section aria-labelledby="links-title" className="min-w-0 space-y-3">
      <h2 id="links-title" className="text-lg font-semibold tracking-tight">
        {t("title")}
      </h2>
      <div className="flex flex-wrap items-start gap-2 [&>div]:mb-0">
        <SearchFilter value={links.search} onChange={links.setSearch} label={t("filter")} testId="links-filter" />
        <Select value={filter.type ?? ALL} onValueChange={(value) => onFilterChange((current) => ({ ...current, type: value === ALL ? undefined : (value as TopologyLinkFilter["type"]) }))}>
          <SelectTrigger className="w-40" aria-label={t("typeFilter")} data-testid="links-type-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("allTypes")}</SelectItem>
            {LINK_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {kinds(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filter.health ?? ALL}
          onValueChange={(value) => onFilterChange((current) => ({ ...current, health: value === ALL ? undefined : (value as TopologyLinkFilter["health"]) }))}
        >
          <SelectTrigger className="w-44" aria-label={t("healthFilter")} data-testid="links-health-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("allStatuses")}</SelectItem>
            {LINK_HEALTH_STATES.map((health) => (
              <SelectItem key={health} value={health}>
                {states(health)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {filter.nodeId && (
          <Badge variant="outline" className="h-9 gap-1.5 px-3 text-sm font-normal" data-testid="links-node-filter">
            {t("nodeFilter", { node: nodeName ?? "…" })}
            <button type="button" onClick={() => onFilterChange((current) => ({ ...current, nodeId: undefined }))} aria-label={t("clearNode")} className="rounded-sm hover:text-foreground">
              <X aria-hidden className="size-3.5" />
            </button>
          </Badge>
        )}
      </div>
      <PagedDataTable
        list={links}
        testId="topology-links"
        columns={columns}
        sorting={sorting}
        rowName={(row) => row.name}
        rowProps={(row) => {
          const selected = selection?.type === "link" && selection.id === row.id;
          return {
            "data-testid": "topology-link-row",
            "data-link-id": row.id,
            "data-state": selected ? "selected" : undefined,
            className: cn("cursor-pointer", selected && "bg-muted"),
            onClick: () => onSelect(row),
          };
        }}
        empty={filtered ? t("noMatch") : t("empty")}
        loadMore={{ label: t("loadMore"), testId: "links-load-more" }}
      />
    </section>
  );
}
