"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, ChevronLeft, Info, Network, Pencil } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { ErrorAlert } from "@/components/errors/error-alert";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { PathRoute } from "@/components/topology/path-route";
import { PathPerformanceCards } from "@/components/dashboard/path-dashboard";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { siteHref } from "@/components/sites/site-links";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { pathQueryOptions, useDeletePath } from "@/lib/paths/queries";
import type { Path } from "@/lib/paths/schema";
import { organizationPath } from "@/lib/routes";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { PathDialog, preloadPathDialog } from "./path-dialog";
import { isAwsPath } from "./aws-paths";
import { usePathLinks } from "./path-links";
import { PathLayer, PathVlan } from "./paths-table";
import { SlaBadge } from "./sla-badge";

function Property({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "grid gap-1 sm:col-span-2" : "grid gap-1"}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function PathEnd({ site, connector, href }: { site: string; connector: string; href?: string }) {
  return (
    <span className="grid">
      {href ? (
        <IntentLink href={href} className="font-medium hover:underline">
          {site}
        </IntentLink>
      ) : (
        <span className="font-medium">{site}</span>
      )}
      <span className="text-muted-foreground">{connector}</span>
    </span>
  );
}

function PathProperties({ path }: { path: Path }) {
  const t = useTranslations("paths.detail");
  const format = useFormatter();
  const formatBandwidth = useBandwidthFormatter();
  const { organization, organizations } = useConsole();
  const customer = organizations.find((org) => org.id === path.organizationId);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const endHref = (siteId: string) => (organization.organizationType === "customer" ? siteHref(organization.id, siteId) : undefined);
  return (
    <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="path-properties">
      <Property label={t("route")} wide>
        <span className="flex flex-wrap items-center gap-4">
          <PathEnd site={path.sourceSiteName} connector={path.sourceConnectorName} href={endHref(path.sourceSiteId)} />
          <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
          <PathEnd site={path.destinationSiteName} connector={path.destinationConnectorName} href={endHref(path.destinationSiteId)} />
        </span>
      </Property>
      <Property label={t("health")}>
        <SlaBadge health={path.slaHealth} />
      </Property>
      <Property label={t("layer")}>
        <PathLayer path={path} />
      </Property>
      <Property label={t("bandwidth")}>
        <span className="tabular-nums" data-testid="path-bandwidth-value">
          {formatBandwidth(path.bandwidth)}
        </span>
      </Property>
      <Property label={t("vlan")}>
        <PathVlan path={path} />
      </Property>
      {path.layer === "layer3" && (
        <Property label={t("prefixes")} wide>
          <span className="flex flex-wrap gap-1.5" data-testid="path-prefixes">
            {path.prefix.map((prefix) => (
              <Badge key={prefix} variant="secondary" className="font-mono">
                {prefix}
              </Badge>
            ))}
          </span>
        </Property>
      )}
      {organization.organizationType !== "customer" && customer && <Property label={t("organization")}>{customer.name}</Property>}
      <Property label={t("created")}>{date(path.createdAt)}</Property>
      <Property label={t("updated")}>{date(path.updatedAt)}</Property>
    </dl>
  );
}

/**
 * A path's detail: every field and its SLA health; edit and delete for those who may, except AWS paths (read-only).
 * Seen from a site (customer/site/{siteId}/path/{pathId}) or from the MSP's paths/{pathId}, which shows under them the
 * performance cards of the customer's path dashboard, its charts starting at `since`.
 */
export function PathDetail({ pathId, fromSiteId, since }: { pathId: string; fromSiteId?: string; since?: string }) {
  const t = useTranslations();
  const router = useRouter();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const links = usePathLinks();
  const path = useQuery(pathQueryOptions(pathId));
  // Under a site, the site layout listens already.
  const sites = useQuery({ ...allSitesQueryOptions(path.data?.organizationId ?? ""), enabled: Boolean(path.data) });
  const remove = useDeletePath();
  const [editing, setEditing] = useState(false);
  const backHref = fromSiteId ? siteHref(organization.id, fromSiteId, "path") : organizationPath(organization.id, "paths");
  const missing =
    (path.error instanceof ApiRequestError && path.error.status === 404) ||
    (fromSiteId && path.data && path.data.sourceSiteId !== fromSiteId && path.data.destinationSiteId !== fromSiteId);

  const back = (
    <IntentLink href={backHref} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ChevronLeft aria-hidden className="size-4" />
      {t("paths.detail.back")}
    </IntentLink>
  );
  if (missing) {
    return (
      <div>
        {back}
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground" data-testid="path-not-found">
          {t("paths.detail.notFound")}
        </p>
      </div>
    );
  }
  if (path.isError) return <ErrorAlert message={t("errors.loadingContent", { error: path.error.message })} onRetry={() => path.refetch()} />;
  if (!path.data) return <Skeleton className="h-40 w-full" />;

  const current = path.data;
  const aws = sites.data ? isAwsPath(current, sites.data) : false;
  const mayEdit = canWrite && sites.isSuccess && !aws;
  const topology = links.topology(current, fromSiteId);
  // The page's title on the MSP's paths/{pathId}; under the site's own title on a site's page.
  const Title = fromSiteId ? "h2" : "h1";

  return (
    <div data-testid="path-detail">
      {back}
      <div className="mb-5 flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Title className={fromSiteId ? "text-xl font-semibold tracking-tight" : "text-2xl font-semibold tracking-tight"} data-testid="path-title">
            {current.name}
          </Title>
          <SlaBadge health={current.slaHealth} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {topology && (
            <Button asChild variant="outline" size="sm">
              <IntentLink href={topology} data-testid="view-path-topology">
                <Network aria-hidden />
                {t("paths.viewTopology")}
              </IntentLink>
            </Button>
          )}
          {mayEdit && (
            <>
              <Button
                variant="outline"
                size="sm"
                onMouseEnter={preloadPathDialog}
                onFocus={preloadPathDialog}
                onClick={() => setEditing(true)}
                data-testid="path-edit"
              >
                <Pencil aria-hidden />
                {t("paths.detail.edit")}
              </Button>
              <ConfirmDelete
                title={t("paths.detail.deleteTitle", { name: current.name })}
                description={t("paths.detail.deleteDescription")}
                confirmLabel={t("paths.detail.delete")}
                testId="path-delete"
                onConfirm={async () => {
                  await remove.mutateAsync(current);
                  toast.success(t("paths.deleted", { name: current.name }));
                  router.push(backHref);
                }}
              />
            </>
          )}
        </div>
      </div>
      {aws && (
        <p className="mb-4 flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground" data-testid="aws-read-only">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("paths.detail.awsReadOnly")}
        </p>
      )}
      <Card>
        <CardContent>
          <PathProperties path={current} />
        </CardContent>
      </Card>
      {organization.organizationType === "customer" && <PathRoute pathId={current.id} />}
      {since && (
        <div className="mt-4">
          <PathPerformanceCards pathId={current.id} pathName={current.name} since={since} />
        </div>
      )}
      <PathDialog
        open={editing}
        organizationId={current.organizationId}
        sourceSiteId={current.sourceSiteId}
        sourceSiteName={current.sourceSiteName}
        path={current}
        onClose={() => setEditing(false)}
      />
    </div>
  );
}
