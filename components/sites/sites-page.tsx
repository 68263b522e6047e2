"use client";

import { useTranslations } from "next-intl";
import { PagedTable, usePagedList } from "@/components/common/paged-list";
import { ConnectorKindIcon } from "@/components/connectors/connector-kind";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { sitesQueryOptions } from "@/lib/sites/queries";
import type { SiteConnectorSummary, SiteListItem } from "@/lib/sites/schema";
import { ActiveBadge } from "./active-badge";
import { AddSiteDialog } from "./add-site-dialog";
import { siteHref } from "./site-links";
import { SiteTypeLabel } from "./site-type";

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
  const sites = usePagedList((search) => sitesQueryOptions(organization.id, search), { keepPrevious: true });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t("sites.title")}
        description={t("sites.description", { organization: organization.name })}
        actions={canWrite ? <AddSiteDialog organizationId={organization.id} /> : undefined}
      />
      <PagedTable
        list={sites}
        search={{ label: t("sites.filter"), testId: "sites-filter" }}
        testId="sites-table"
        columns={5}
        header={
          <>
            <TableHead className="pl-4">{t("sites.columns.name")}</TableHead>
            <TableHead>{t("sites.columns.type")}</TableHead>
            <TableHead>{t("sites.columns.location")}</TableHead>
            <TableHead>{t("sites.columns.connectors")}</TableHead>
            <TableHead className="pr-4">{t("sites.columns.active")}</TableHead>
          </>
        }
        empty={
          sites.searched
            ? t("sites.noMatch", { search: sites.searched })
            : canWrite
              ? t("sites.empty", { organization: organization.name })
              : t("sites.emptyReadOnly", { organization: organization.name })
        }
        loadMore={{ label: t("sites.loadMore") }}
      >
        {(rows) => rows.map((site) => <SiteRow key={site.id} site={site} organizationId={organization.id} />)}
      </PagedTable>
    </div>
  );
}
