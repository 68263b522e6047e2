"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { PagedDataTable, useUrlSort } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { sitesHref } from "@/components/sites/site-links";
import { Button } from "@/components/ui/button";
import { pathListFilter, pathsQueryOptions } from "@/lib/paths/queries";
import { usePathColumns } from "./paths-table";

/** paths: "Filter paths..." (on the server, debounced, kept in the URL), SLA health, keyset "Load more". */
export function PathsPage() {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { organization, user } = useConsole();
  const { asked, sorting } = useUrlSort("paths", { sort: "name", order: "asc" });
  const paths = usePagedList((search) => pathsQueryOptions(pathListFilter(organization.id, user.organizationId, search), asked), {
    initialSearch: params.get("search") ?? "",
    keepPrevious: true,
  });
  const debounced = paths.searched;

  // A filtered list is a link one can share: the filter lives in ?search=.
  useEffect(() => {
    const current = params.get("search") ?? "";
    if (current === debounced) return;
    const next = new URLSearchParams(params.toString());
    if (debounced) next.set("search", debounced);
    else next.delete("search");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [debounced, params, pathname, router]);

  const customer = organization.organizationType === "customer";
  const columns = usePathColumns({ showCustomer: !customer });
  const empty = debounced ? (
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
      <PageHeader title={t("paths.title")} description={t("paths.description", { organization: organization.name })} />
      <PagedDataTable
        list={paths}
        search={{ label: t("paths.filter"), testId: "paths-filter" }}
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
