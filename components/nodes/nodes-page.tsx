"use client";

import { MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedDataTable, useUrlSort, type DataColumn } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { nodesExportHref, nodesQueryOptions } from "@/lib/nodes/queries";
import type { NodeListItem } from "@/lib/nodes/schema";
import { AddNodeDialog } from "./add-node-dialog";
import { DeleteNode } from "./delete-node";
import { NodeHealth } from "./node-health";
import { nodeHref, type ListedKind } from "./node-links";
import { NodeTypeLabel } from "./node-type";

function useNodeColumns(organizationId: string, canWrite: boolean): DataColumn<NodeListItem>[] {
  const t = useTranslations("nodes");
  const columns: DataColumn<NodeListItem>[] = [
    {
      id: "name",
      label: t("columns.name"),
      sort: "name",
      headClassName: "pl-4",
      cellClassName: "max-w-64 pl-4",
      cell: (node) => (
        <>
          <IntentLink href={nodeHref(organizationId, node) ?? "#"} className="font-mono font-medium hover:underline">
            {node.name}
          </IntentLink>
          {node.description && <p className="truncate text-xs text-muted-foreground">{node.description}</p>}
        </>
      ),
    },
    { id: "type", label: t("columns.type"), priority: 2, cell: (node) => <NodeTypeLabel node={node} /> },
    {
      id: "location",
      label: t("columns.location"),
      priority: 3,
      cellClassName: "max-w-72 text-muted-foreground",
      cell: (node) => (
        <span className="inline-flex max-w-full items-center gap-1.5" title={node.location.address}>
          <MapPin aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{node.location.address}</span>
        </span>
      ),
    },
    {
      id: "device",
      label: t("columns.device"),
      priority: 2,
      cell: (node) =>
        node.deviceSerialNumber ? <span className="font-mono text-xs">{node.deviceSerialNumber}</span> : <span className="text-xs text-muted-foreground">{t("noDevice")}</span>,
    },
    { id: "health", label: t("columns.health"), cell: (node) => <NodeHealth health={node.health} /> },
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    {
      id: "actions",
      label: t("columns.actions"),
      labelHidden: true,
      headClassName: "pr-4",
      cellClassName: "w-12 pr-4 text-right",
      cell: (node) => <DeleteNode nodeId={node.id} name={node.name} compact />,
    },
  ];
}

/** msp/edgeNode and msp/cpeNode: the MSP's nodes of one kind, filtered, a page at a time; create and delete. */
export function NodesPage({ kind }: { kind: ListedKind }) {
  const t = useTranslations("nodes");
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const { asked, sorting } = useUrlSort("nodes", { sort: "name", order: "asc" });
  const nodes = useUrlPagedList((search) => nodesQueryOptions(organization.id, kind, search, asked));
  const columns = useNodeColumns(organization.id, canWrite);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t(`title.${kind}`)}
        description={t(`description.${kind}`, { organization: organization.name })}
        actions={canWrite ? <AddNodeDialog mspId={organization.id} kind={kind} /> : undefined}
      />
      <PagedDataTable
        list={nodes}
        search={{ label: t("filter"), testId: "nodes-filter" }}
        exportCsv={nodesExportHref(organization.id, kind, nodes.searched, asked)}
        testId="nodes-table"
        columns={columns}
        sorting={sorting}
        rowName={(node) => node.name}
        rowProps={() => ({ "data-testid": "node-row" })}
        empty={nodes.searched ? t("noMatch", { search: nodes.searched }) : t(`empty.${kind}`, { organization: organization.name })}
        loadMore={{ label: t("loadMore"), testId: "nodes-more" }}
      />
    </div>
  );
}
