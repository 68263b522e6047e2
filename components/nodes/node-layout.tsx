"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, HardDrive, MapPin, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { ErrorAlert } from "@/components/errors/error-alert";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { nodeQueryOptions, nodeStatusQueryOptions } from "@/lib/nodes/queries";
import type { NodeKind } from "@/lib/nodes/schema";
import { cn } from "@/lib/utils";
import { NodeHealth } from "./node-health";
import { coreFabricHref, nodeHref, nodeListHref, nodeTabs, type NodeTab } from "./node-links";
import { NodeTypeLabel } from "./node-type";

function NodeTabs({ node, organizationId }: { node: { id: string; kind: NodeKind; coreFabricId: string | null }; organizationId: string }) {
  const t = useTranslations("nodes.tabs");
  const pathname = usePathname();
  const current = (["monitor", "link", "configuration"] as const).find((tab) => new RegExp(`/${tab}(/|$)`).test(pathname)) ?? "overview";
  return (
    <nav className="-mb-px flex gap-4 overflow-x-auto border-b" aria-label={t("label")}>
      {nodeTabs(node.kind).map((tab: NodeTab) => (
        <IntentLink
          key={tab}
          href={nodeHref(organizationId, node, tab) ?? "#"}
          aria-current={tab === current ? "page" : undefined}
          data-testid={`node-tab-${tab}`}
          className={cn(
            "border-b-2 px-1 pb-2 text-sm font-medium whitespace-nowrap transition-colors",
            tab === current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {t(tab)}
        </IntentLink>
      ))}
    </nav>
  );
}

/**
 * The node layout (SPEC §2): the node's name, type, place, device and health above its tabs — overview, monitor,
 * link (not for core nodes) and configuration. A node of another kind, fabric or MSP is not found here.
 */
export function NodeLayout({ nodeId, kind, fabricId, children }: { nodeId: string; kind: NodeKind; fabricId?: string; children: React.ReactNode }) {
  const t = useTranslations();
  const { organization } = useConsole();
  const node = useQuery(nodeQueryOptions(nodeId));
  const status = useQuery(nodeStatusQueryOptions(nodeId));
  const missing =
    (node.error instanceof ApiRequestError && node.error.status === 404) ||
    (node.data && (node.data.kind !== kind || node.data.organizationId !== organization.id || (kind === "core" && node.data.coreFabricId !== fabricId)));
  const back = kind === "core" ? (fabricId ? coreFabricHref(organization.id, fabricId) : null) : nodeListHref(organization.id, kind);
  const configuration = node.data ? nodeHref(organization.id, node.data, "configuration") : null;

  return (
    <div className="mx-auto max-w-6xl">
      {back && (
        <IntentLink href={back} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground" data-testid="node-back">
          <ChevronLeft aria-hidden className="size-4" />
          {t(`nodes.detail.back.${kind}`)}
        </IntentLink>
      )}
      {missing ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground" data-testid="node-not-found">
          {t("nodes.detail.notFound")}
        </p>
      ) : node.isError ? (
        <ErrorAlert message={t("errors.loadingContent", { error: node.error.message })} onRetry={() => node.refetch()} />
      ) : (
        <>
          <header className="mb-5 flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              {node.data ? (
                <>
                  <div className="flex flex-wrap items-center gap-3">
                    <h1 className="font-mono text-2xl font-semibold tracking-tight break-all" data-testid="node-title">
                      {node.data.name}
                    </h1>
                    {status.data && <NodeHealth health={status.data.health} />}
                  </div>
                  <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <NodeTypeLabel node={node.data} />
                    <span className="inline-flex min-w-0 items-center gap-1.5">
                      <MapPin aria-hidden className="size-3.5" />
                      <span className="truncate">{node.data.location.address}</span>
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <HardDrive aria-hidden className="size-3.5" />
                      {node.data.deviceSerialNumber ? (
                        <span className="font-mono">{node.data.deviceSerialNumber}</span>
                      ) : (
                        t("nodes.noDevice")
                      )}
                    </span>
                  </p>
                </>
              ) : (
                <Skeleton className="h-8 w-64" />
              )}
            </div>
            {configuration && (
              <Button asChild variant="outline" size="sm">
                <IntentLink href={`${configuration}?properties=true`} data-testid="node-properties-open">
                  <SlidersHorizontal aria-hidden />
                  {t("nodes.detail.properties")}
                </IntentLink>
              </Button>
            )}
          </header>
          {node.data && <NodeTabs node={node.data} organizationId={organization.id} />}
          <div className="pt-6">{node.data && children}</div>
        </>
      )}
    </div>
  );
}
