"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Pencil, PencilLine } from "lucide-react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { DashboardCard } from "@/components/dashboard/dashboard-card";
import { StatusDot } from "@/components/dashboard/status-dot";
import { lazyComponent } from "@/components/common/lazy-component";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { coreFabricLinkHealthQueryOptions, coreFabricQueryOptions, useDeleteCoreFabric } from "@/lib/fabrics/queries";
import type { CoreFabricDetail } from "@/lib/fabrics/schema";
import type { LinkHealth } from "@/lib/health";
import { nodeHref } from "@/components/nodes/node-links";
import { coreFabricsHref, coreNodeHref } from "./fabric-links";
import { FabricMesh } from "./fabric-mesh";
import { linkEnds, portNames, type LinkEnd } from "./link-ends";

// The link editor loads when a configuring user opens it: out of the page's first-load JavaScript.
const LinkEditor = lazyComponent(() => import("./link-editor").then((module) => module.LinkEditor));
const RenameCoreFabricDialog = lazyComponent(() => import("./add-core-fabric-dialog").then((module) => module.RenameCoreFabricDialog));

/** How many edge uplinks the page lists before "show all" (a fabric on a grown network has hundreds). */
const UPLINKS_SHOWN = 50;

/** The fabric's core nodes, each leading to its core node pages. */
function CoreNodesCard({ fabric, mspId }: { fabric: CoreFabricDetail; mspId: string }) {
  const t = useTranslations("fabrics");
  return (
    <DashboardCard title={t("coreNodes.title")} subtitle={t("coreNodes.subtitle", { count: fabric.nodes.length })} testId="fabric-core-nodes">
      {fabric.nodes.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t("coreNodes.empty")}</p>
      ) : (
        <Table className="text-sm">
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.name")}</TableHead>
              <TableHead>{t("columns.location")}</TableHead>
              <TableHead>{t("columns.device")}</TableHead>
              <TableHead className="text-right">{t("columns.interfaces")}</TableHead>
              <TableHead className="text-right">{t("columns.ipsecEndpoints")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fabric.nodes.map((node) => (
              <TableRow key={node.id} data-testid="fabric-core-node">
                <TableCell>
                  <IntentLink href={coreNodeHref(mspId, fabric.id, node.id)} className="font-medium hover:underline">
                    {node.name}
                  </IntentLink>
                </TableCell>
                <TableCell className="max-w-64 truncate text-muted-foreground" title={node.location.address}>
                  {node.location.address}
                </TableCell>
                <TableCell className="font-mono text-xs">{node.deviceSerialNumber ?? <span className="font-sans text-muted-foreground">{t("coreNodes.noDevice")}</span>}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">{node.interfaces.length}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">{node.ipsecEndpoints.length}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  );
}

function EndCell({ end }: { end: LinkEnd }) {
  const t = useTranslations("fabrics");
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">{end.nodeName}</div>
      <div className="truncate font-mono text-xs text-muted-foreground">
        {end.port ?? "—"} · {t("links.vlan", { vlan: end.vlan })}
      </div>
    </div>
  );
}

/** The fabric's links with their live status and health. */
function LinksTable({ fabric, health }: { fabric: CoreFabricDetail; health: Map<string, LinkHealth> | undefined }) {
  const t = useTranslations("fabrics");
  const bandwidth = useBandwidthFormatter();
  const format = useFormatter();
  const ports = portNames(fabric);
  if (fabric.links.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">{t("links.empty")}</p>;
  return (
    <Table className="text-sm" data-testid="fabric-links-table">
      <TableHeader>
        <TableRow>
          <TableHead>{t("columns.name")}</TableHead>
          <TableHead>{t("columns.health")}</TableHead>
          <TableHead>{t("columns.source")}</TableHead>
          <TableHead>{t("columns.destination")}</TableHead>
          <TableHead>{t("columns.type")}</TableHead>
          <TableHead className="text-right">{t("columns.bandwidth")}</TableHead>
          <TableHead className="text-right">{t("columns.cost")}</TableHead>
          <TableHead className="text-right">{t("columns.mtu")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {fabric.links.map((link) => {
          const [source, destination] = linkEnds(link, ports);
          return (
            <TableRow key={link.id} data-testid="fabric-link-row" data-link-id={link.id}>
              <TableCell className="max-w-56 truncate font-medium" title={link.name}>
                {link.name}
              </TableCell>
              <TableCell data-testid="fabric-link-health">
                {health ? <StatusDot state={health.get(link.id) ?? "unknown"} /> : <Skeleton className="h-4 w-16" />}
              </TableCell>
              <TableCell className="max-w-48">
                <EndCell end={source} />
              </TableCell>
              <TableCell className="max-w-48">
                <EndCell end={destination} />
              </TableCell>
              <TableCell>{t(`linkTypes.${link.type}`)}</TableCell>
              <TableCell className="text-right tabular-nums">{bandwidth(link.bandwidth)}</TableCell>
              <TableCell className="text-right font-mono tabular-nums">{link.cost}</TableCell>
              <TableCell className="text-right tabular-nums">{t("links.mtu", { mtu: format.number(link.mtu) })}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The edge nodes' uplinks into the fabric: edge node and port, core node and port, type, bandwidth. */
function UplinksCard({ fabric, mspId }: { fabric: CoreFabricDetail; mspId: string }) {
  const t = useTranslations("fabrics");
  const bandwidth = useBandwidthFormatter();
  const [all, setAll] = useState(false);
  const ports = portNames(fabric);
  const members = new Set(fabric.nodes.map((node) => node.id));
  const shown = all ? fabric.uplinks : fabric.uplinks.slice(0, UPLINKS_SHOWN);
  return (
    <DashboardCard title={t("uplinks.title")} subtitle={t("uplinks.subtitle", { count: fabric.uplinks.length })} testId="fabric-uplinks">
      {fabric.uplinks.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t("uplinks.empty")}</p>
      ) : (
        <>
          <Table className="text-sm" data-testid="fabric-uplinks-table">
            <TableHeader>
              <TableRow>
                <TableHead className="hidden sm:table-cell">{t("columns.name")}</TableHead>
                <TableHead>{t("uplinks.edge")}</TableHead>
                <TableHead>{t("uplinks.core")}</TableHead>
                <TableHead>{t("columns.type")}</TableHead>
                <TableHead className="text-right">{t("columns.bandwidth")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((link) => {
                const [source, destination] = linkEnds(link, ports);
                const [outside, core] = members.has(source.nodeId) ? [destination, source] : [source, destination];
                const href = nodeHref(mspId, { id: outside.nodeId, kind: "edge", coreFabricId: null }, "link");
                return (
                  <TableRow key={link.id} data-testid="fabric-uplink-row">
                    {/* On a phone the two ends say it: the name (edge ⇄ core, usually) leaves them the room. */}
                    <TableCell className="hidden max-w-56 truncate font-medium sm:table-cell" title={link.name}>
                      {link.name}
                    </TableCell>
                    <TableCell className="max-w-48">
                      {href ? (
                        <IntentLink href={href} className="hover:underline">
                          <EndCell end={outside} />
                        </IntentLink>
                      ) : (
                        <EndCell end={outside} />
                      )}
                    </TableCell>
                    <TableCell className="max-w-48">
                      <EndCell end={core} />
                    </TableCell>
                    <TableCell>{t(`linkTypes.${link.type}`)}</TableCell>
                    <TableCell className="text-right tabular-nums">{bandwidth(link.bandwidth)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {!all && fabric.uplinks.length > UPLINKS_SHOWN && (
            <div className="flex justify-center pt-2">
              <Button variant="ghost" size="sm" onClick={() => setAll(true)} data-testid="show-all-uplinks">
                {t("uplinks.showAll", { count: fabric.uplinks.length })}
              </Button>
            </div>
          )}
        </>
      )}
    </DashboardCard>
  );
}

/** msp/coreFabric/{fabricId}: the fabric's core nodes and links, live, and the link editor for those who configure. */
export function CoreFabricPage({ fabricId }: { fabricId: string }) {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [editing, setEditing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const router = useRouter();
  const remove = useDeleteCoreFabric();
  const fabric = useQuery(coreFabricQueryOptions(fabricId));
  const linkHealth = useQuery(coreFabricLinkHealthQueryOptions(fabricId));
  const health = linkHealth.data && new Map(linkHealth.data.items.map((item) => [item.linkId, item.health]));
  const back = (
    <IntentLink href={coreFabricsHref(organization.id)} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden />
      {t("fabrics.core.title")}
    </IntentLink>
  );
  if (!fabric.data) {
    return (
      <div className="mx-auto max-w-6xl">
        {back}
        {fabric.isError ? <ErrorAlert message={t("errors.loadingContent", { error: fabric.error.message })} onRetry={() => fabric.refetch()} /> : <Skeleton className="h-40 w-full" />}
      </div>
    );
  }
  const data = fabric.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div>
        {back}
        <PageHeader
          title={data.name}
          description={t("fabrics.core.summary", { nodes: data.nodeCount, links: data.linkCount })}
          actions={
            canWrite ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setRenaming(true)} onPointerEnter={RenameCoreFabricDialog.preload} data-testid="rename-core-fabric">
                  <PencilLine aria-hidden />
                  {t("fabrics.core.rename")}
                </Button>
                <ConfirmDelete
                  title={t("fabrics.core.deleteTitle", { name: data.name })}
                  description={t("fabrics.core.deleteDescription", { links: data.linkCount, nodes: data.nodeCount, uplinks: data.uplinks.length })}
                  confirmLabel={t("fabrics.core.delete")}
                  testId="delete-core-fabric"
                  onConfirm={async () => {
                    await remove.mutateAsync(data);
                    toast.success(t("fabrics.core.deleted", { name: data.name }));
                    router.push(coreFabricsHref(organization.id));
                  }}
                />
              </>
            ) : undefined
          }
        />
        {renaming && <RenameCoreFabricDialog fabric={data} open={renaming} onOpenChange={setRenaming} />}
      </div>
      <CoreNodesCard fabric={data} mspId={organization.id} />
      <DashboardCard
        title={editing ? t("fabrics.editor.title") : t("fabrics.links.title")}
        subtitle={editing ? t("fabrics.editor.subtitle") : t("fabrics.links.subtitle", { count: data.links.length })}
        testId="fabric-links"
        actions={
          canWrite && !editing ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="edit-links">
              <Pencil aria-hidden />
              {t("fabrics.links.edit")}
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <LinkEditor fabric={data} onClose={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-3">
            <FabricMesh nodes={data.nodes} links={data.links} />
            {linkHealth.isError && <ErrorAlert message={t("errors.loadingContent", { error: linkHealth.error.message })} onRetry={() => linkHealth.refetch()} />}
            <LinksTable fabric={data} health={health} />
          </div>
        )}
      </DashboardCard>
      <UplinksCard fabric={data} mspId={organization.id} />
    </div>
  );
}
