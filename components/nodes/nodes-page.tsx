"use client";

import { MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { nodesQueryOptions } from "@/lib/nodes/queries";
import type { NodeListItem } from "@/lib/nodes/schema";
import { AddNodeDialog } from "./add-node-dialog";
import { DeleteNode } from "./delete-node";
import { NodeHealth } from "./node-health";
import { nodeHref, type ListedKind } from "./node-links";
import { NodeTypeLabel } from "./node-type";
import { ActionsHead } from "@/components/common/table-state";

function NodeRow({ node, organizationId, canWrite }: { node: NodeListItem; organizationId: string; canWrite: boolean }) {
  const t = useTranslations("nodes");
  return (
    <TableRow data-testid="node-row">
      <TableCell className="max-w-64 pl-4">
        <IntentLink href={nodeHref(organizationId, node) ?? "#"} className="font-mono font-medium hover:underline">
          {node.name}
        </IntentLink>
        {node.description && <p className="truncate text-xs text-muted-foreground">{node.description}</p>}
      </TableCell>
      <TableCell>
        <NodeTypeLabel node={node} />
      </TableCell>
      <TableCell className="max-w-72 text-muted-foreground" title={node.location.address}>
        <span className="inline-flex max-w-full items-center gap-1.5">
          <MapPin aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{node.location.address}</span>
        </span>
      </TableCell>
      <TableCell>
        {node.deviceSerialNumber ? (
          <span className="font-mono text-xs">{node.deviceSerialNumber}</span>
        ) : (
          <span className="text-xs text-muted-foreground">{t("noDevice")}</span>
        )}
      </TableCell>
      <TableCell>
        <NodeHealth health={node.health} />
      </TableCell>
      {canWrite && (
        <TableCell className="w-12 pr-4 text-right">
          <DeleteNode nodeId={node.id} name={node.name} compact />
        </TableCell>
      )}
    </TableRow>
  );
}

/** msp/edgeNode and msp/cpeNode: the MSP's nodes of one kind, filtered, a page at a time; create and delete. */
export function NodesPage({ kind }: { kind: ListedKind }) {
  const t = useTranslations("nodes");
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const nodes = usePagedList((search) => nodesQueryOptions(organization.id, kind, search), { keepPrevious: true });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t(`title.${kind}`)}
        description={t(`description.${kind}`, { organization: organization.name })}
        actions={canWrite ? <AddNodeDialog mspId={organization.id} kind={kind} /> : undefined}
      />
      <PagedTable
        list={nodes}
        search={{ label: t("filter"), testId: "nodes-filter" }}
        testId="nodes-table"
        columns={canWrite ? 6 : 5}
        header={
          <>
            <TableHead className="pl-4">{t("columns.name")}</TableHead>
            <TableHead>{t("columns.type")}</TableHead>
            <TableHead>{t("columns.location")}</TableHead>
            <TableHead>{t("columns.device")}</TableHead>
            <TableHead>{t("columns.health")}</TableHead>
            {canWrite && <ActionsHead className="pr-4" />}
          </>
        }
        empty={nodes.searched ? t("noMatch", { search: nodes.searched }) : t(`empty.${kind}`, { organization: organization.name })}
        loadMore={{ label: t("loadMore"), testId: "nodes-more" }}
      >
        {(rows) => rows.map((node) => <NodeRow key={node.id} node={node} organizationId={organization.id} canWrite={canWrite} />)}
      </PagedTable>
    </div>
  );
}
