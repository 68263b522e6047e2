"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { PagedDataTable, useUrlSort } from "@/components/common/data-table";
import { useUrlPagedList } from "@/components/common/paged-list";
import { SearchFilter } from "@/components/common/search-filter";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useCan, useConsole } from "@/components/shell/use-console";
import { sitesHref } from "@/components/sites/site-links";
import { Button } from "@/components/ui/button";
import { pathKeys, pathListFilter, pathListNarrowing, pathsExportHref, pathsQueryOptions, type PathListNarrowing } from "@/lib/paths/queries";
import { ImportCsvButton } from "@/components/csv/import-csv-button";
import { PathFilters } from "./path-filters";
import { usePathColumns } from "./paths-table";

/** paths: "Filter paths..." (on the server, debounced), the SLA state and layer filters, all kept in the URL; keyset "Load more". */
export function PathsPage() {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { organization, user } = useConsole();
  const { asked, sorting } = useUrlSort("paths", { sort: "name", order: "asc" });
  const narrowing = pathListNarrowing({ sla: params.get("sla"), layer: params.get("layer") });
  // The search lives in ?search= (useUrlPagedList), the SLA state and layer in ?sla= and ?layer=: a link one can share.
  const paths = useUrlPagedList((search) => pathsQueryOptions(pathListFilter(organization.id, user.organizationId, search, narrowing), asked));
  const debounced = paths.searched;

  // The SLA state and layer are read from the URL, so a choice is a link one can share too.
  const narrow = (next: PathListNarrowing) => {
    const query = new URLSearchParams(params.toString());
    for (const [key, value] of [
      ["sla", next.slaHealth],
      ["layer", next.layer],
    ] as const) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    const search = query.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };
  const narrowed = Boolean(narrowing.slaHealth || narrowing.layer);

  const customer = organization.organizationType === "customer";
  const canWrite = useCan("common:config:write");
  const columns = usePathColumns({ showCustomer: !customer });
  const empty = narrowed ? (
    <span className="grid justify-items-center gap-3">
      {debounced ? t("paths.noMatch", { search: debounced }) : t("paths.noMatchFilters")}
      <Button variant="outline" size="sm" onClick={() => narrow({})} data-testid="paths-clear-filters">
        {t("paths.clearFilters")}
      </Button>
    </span>
  ) : debounced ? (
    t("paths.noMatch", { search: debounced })
  ) : customer ? (
    <span className="grid justify-items-center gap-3">
      {t("paths.empty")}
      <Button asChild variant="outline" size="sm">
        <IntentLink href={sitesHref(organization.id)}>{t("paths.openSites")}</IntentLink>
      </Button>
    </span>
  ) : (
    t("paths.emptyMsp")
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("paths.title")}
        description={t("paths.description", { organization: organization.name })}
        actions={customer && canWrite ? <ImportCsvButton target={{ kind: "paths", organizationId: organization.id }} refresh={[pathKeys.all, ["connectors"]]} /> : undefined}
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <SearchFilter value={paths.search} onChange={paths.setSearch} label={t("paths.filter")} testId="paths-filter" className="mb-0 w-full sm:w-80" />
        <PathFilters value={narrowing} onChange={narrow} />
      </div>
      <PagedDataTable
        list={paths}
        exportCsv={pathsExportHref(pathListFilter(organization.id, user.organizationId, paths.searched, narrowing), asked)}
        testId="paths-table"
        columns={columns}
        sorting={sorting}
        rowName={(path) => path.name}
        rowProps={() => ({ "data-testid": "path-row" })}
        empty={empty}
        loadMore={{ label: t("paths.loadMore"), testId: "paths-load-more" }}
      />
    </div>
  );
}
