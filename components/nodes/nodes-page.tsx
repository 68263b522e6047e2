"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LoadMoreFooter } from "@/components/common/table-state";
import { SearchFilter } from "@/components/common/search-filter";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { nodesQueryOptions } from "@/lib/nodes/queries";
import type { NodeListItem } from "@/lib/nodes/schema";
import { AddNodeDialog } from "./add-node-dialog";
import { DeleteNode } from "./delete-node";
import { NodeHealth } from "./node-health";
import { nodeHref, type ListedKind } from "./node-links";
import { NodeTypeLabel } from "./node-type";

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
  const te = useTranslations("errors");
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 300);
  const nodes = useInfiniteQuery({ ...nodesQueryOptions(organization.id, kind, debounced), placeholderData: keepPreviousData });
  const rows = nodes.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = canWrite ? 6 : 5;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t(`title.${kind}`)}
        description={t(`description.${kind}`, { organization: organization.name })}
        actions={canWrite ? <AddNodeDialog mspId={organization.id} kind={kind} /> : undefined}
      />
      <SearchFilter value={search} onChange={setSearch} label={t("filter")} testId="nodes-filter" />
      {nodes.isError && !nodes.data ? (
        <ErrorAlert message={te("loadingContent", { error: nodes.error.message })} onRetry={() => nodes.refetch()} />
      ) : (
        <Card className="gap-0 py-0">
          <Table data-testid="nodes-table">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t("columns.name")}</TableHead>
                <TableHead>{t("columns.type")}</TableHead>
                <TableHead>{t("columns.location")}</TableHead>
                <TableHead>{t("columns.device")}</TableHead>
                <TableHead>{t("columns.health")}</TableHead>
                {canWrite && <TableHead className="pr-4" aria-label={t("columns.actions")} />}
              </TableRow>
            </TableHeader>
            <TableBody>
              {nodes.isPending &&
                Array.from({ length: 3 }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell colSpan={columns}>
                      <Skeleton className="h-5 w-full" />
                    </TableCell>
                  </TableRow>
                ))}
              {nodes.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns} className="py-10 text-center whitespace-normal text-muted-foreground">
                    {debounced.trim() ? t("noMatch", { search: debounced.trim() }) : t(`empty.${kind}`, { organization: organization.name })}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((node) => (
                <NodeRow key={node.id} node={node} organizationId={organization.id} canWrite={canWrite} />
              ))}
            </TableBody>
          </Table>
          <LoadMoreFooter query={nodes} label={t("loadMore")} testId="nodes-more" />
        </Card>
      )}
    </div>
  );
}
