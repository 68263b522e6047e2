"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LoadMoreFooter, TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { ConnectorKindIcon } from "@/components/connectors/connector-kind";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SearchFilter } from "@/components/common/search-filter";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { sitesQueryOptions } from "@/lib/sites/queries";
import type { SiteConnectorSummary, SiteListItem } from "@/lib/sites/schema";
import { ActiveBadge } from "./active-badge";
import { AddSiteDialog } from "./add-site-dialog";
import { siteHref } from "./site-links";
import { SiteTypeLabel } from "./site-type";
import { useDebouncedValue } from "@/components/common/use-debounced-value";

/** The connectors column: how many, and of which kinds (the list's own summary, no query per row). */
function SiteConnectors({ connectors }: { connectors: SiteConnectorSummary }) {
  const t = useTranslations("sites");
  const tk = useTranslations("connectors.kinds");
  return (
    <span className="inline-flex items-center gap-2" data-testid="site-connector-count">
      <span className={connectors.count ? undefined : "text-muted-foreground"}>{t("connectorCount", { count: connectors.count })}</span>
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        {connectors.kinds.map((kind) => (
          <ConnectorKindIcon key={kind} kind={kind} label={tk(kind)} />
        ))}
      </span>
    </span>
  );
}

function SiteRow({ site, organizationId }: { site: SiteListItem; organizationId: string }) {
  return (
    <TableRow data-testid="site-row">
      <TableCell className="max-w-64 pl-4">
        <IntentLink href={siteHref(organizationId, site.id)} className="font-medium hover:underline">
          {site.name}
        </IntentLink>
        {site.description && <p className="truncate text-xs text-muted-foreground">{site.description}</p>}
      </TableCell>
      <TableCell>
        <SiteTypeLabel site={site} />
      </TableCell>
      <TableCell className="max-w-72 truncate text-muted-foreground" title={site.location.address}>
        {site.location.address}
      </TableCell>
      <TableCell>
        <SiteConnectors connectors={site.connectors} />
      </TableCell>
      <TableCell className="pr-4">
        <ActiveBadge active={site.active} />
      </TableCell>
    </TableRow>
  );
}

/** customer/site: the customer's sites with Add Site for those who may configure. */
export function SitesPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 300);
  const sites = useInfiniteQuery({ ...sitesQueryOptions(organization.id, debounced), placeholderData: keepPreviousData });
  const rows = sites.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = debounced.trim() !== "";

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t("sites.title")}
        description={t("sites.description", { organization: organization.name })}
        actions={canWrite ? <AddSiteDialog organizationId={organization.id} /> : undefined}
      />
      <SearchFilter value={search} onChange={setSearch} label={t("sites.filter")} testId="sites-filter" />
      {sites.isError && !sites.data ? (
        <ErrorAlert message={t("errors.loadingContent", { error: sites.error.message })} onRetry={() => sites.refetch()} />
      ) : (
        <Card className="gap-0 py-0">
          <Table data-testid="sites-table">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t("sites.columns.name")}</TableHead>
                <TableHead>{t("sites.columns.type")}</TableHead>
                <TableHead>{t("sites.columns.location")}</TableHead>
                <TableHead>{t("sites.columns.connectors")}</TableHead>
                <TableHead className="pr-4">{t("sites.columns.active")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sites.isPending && <TableLoadingRows columns={5} />}
              {sites.isSuccess && rows.length === 0 && (
                <TableEmptyRow columns={5}>
                  {searching
                    ? t("sites.noMatch", { search: debounced.trim() })
                    : canWrite
                      ? t("sites.empty", { organization: organization.name })
                      : t("sites.emptyReadOnly", { organization: organization.name })}
                </TableEmptyRow>
              )}
              {rows.map((site) => (
                <SiteRow key={site.id} site={site} organizationId={organization.id} />
              ))}
            </TableBody>
          </Table>
          <LoadMoreFooter query={sites} label={t("sites.loadMore")} />
        </Card>
      )}
      {sites.isError && sites.data && (
        <div className="mt-3">
          <ErrorAlert message={t("errors.loadingContent", { error: sites.error.message })} onRetry={() => sites.refetch()} />
        </div>
      )}
    </div>
  );
}
