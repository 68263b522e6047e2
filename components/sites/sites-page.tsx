"use client";

import { useTranslations } from "next-intl";
import { PagedDataTable, useUrlSort, type DataColumn } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { ConnectorKindIcon } from "@/components/connectors/connector-kind";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { siteKeys, sitesExportHref, sitesQueryOptions } from "@/lib/sites/queries";
import { ImportCsvButton } from "@/components/csv/import-csv-button";
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

function useSiteColumns(organizationId: string): DataColumn<SiteListItem>[] {
  const t = useTranslations("sites.columns");
  return [
    {
      id: "name",
      label: t("name"),
      sort: "name",
      headClassName: "pl-4",
      cellClassName: "max-w-64 pl-4",
      cell: (site) => (
        <>
          <IntentLink href={siteHref(organizationId, site.id)} className="font-medium hover:underline">
            {site.name}
          </IntentLink>
          {site.description && <p className="truncate text-xs text-muted-foreground">{site.description}</p>}
        </>
      ),
    },
    { id: "type", label: t("type"), cell: (site) => <SiteTypeLabel site={site} /> },
    {
      id: "location",
      label: t("location"),
      priority: 3,
      cellClassName: "max-w-72 truncate text-muted-foreground",
      cell: (site) => <span title={site.location.address}>{site.location.address}</span>,
    },
    { id: "connectors", label: t("connectors"), priority: 2, cell: (site) => <SiteConnectors connectors={site.connectors} /> },
    { id: "active", label: t("active"), sort: "state", cell: (site) => <ActiveBadge active={site.active} /> },
  ];
}

/** customer/site: the customer's sites with Add Site for those who may configure. */
export function SitesPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const { asked, sorting } = useUrlSort("sites", { sort: "name", order: "asc" });
  const sites = useUrlPagedList((search) => sitesQueryOptions(organization.id, search, asked));
  const columns = useSiteColumns(organization.id);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t("sites.title")}
        description={t("sites.description", { organization: organization.name })}
        actions={
          canWrite ? (
            <>
              <ImportCsvButton target={{ kind: "sites", organizationId: organization.id }} refresh={[siteKeys.all]} />
              <AddSiteDialog organizationId={organization.id} />
            </>
          ) : undefined
        }
      />
      <PagedDataTable
        list={sites}
        search={{ label: t("sites.filter"), testId: "sites-filter" }}
        exportCsv={sitesExportHref(organization.id, sites.searched, asked)}
        testId="sites-table"
        columns={columns}
        sorting={sorting}
        rowName={(site) => site.name}
        rowProps={() => ({ "data-testid": "site-row" })}
        empty={
          sites.searched
            ? t("sites.noMatch", { search: sites.searched })
            : canWrite
              ? t("sites.empty", { organization: organization.name })
              : t("sites.emptyReadOnly", { organization: organization.name })
        }
        loadMore={{ label: t("sites.loadMore") }}
      />
    </div>
  );
}
