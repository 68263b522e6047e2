"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { LoadMoreFooter } from "@/components/common/table-state";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SearchFilter } from "@/components/common/search-filter";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { sitesHref } from "@/components/sites/site-links";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { pathListFilter, pathsQueryOptions } from "@/lib/paths/queries";
import { PathsTable } from "./paths-table";

/** paths: "Filter paths..." (on the server, debounced, kept in the URL), SLA health, keyset "Load more". */
export function PathsPage() {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { organization, user } = useConsole();
  const [search, setSearch] = useState(params.get("search") ?? "");
  const debounced = useDebouncedValue(search.trim(), 300);
  const paths = useInfiniteQuery({ ...pathsQueryOptions(pathListFilter(organization.id, user.organizationId, debounced)), placeholderData: keepPreviousData });
  const rows = paths.data?.pages.flatMap((page) => page.items) ?? [];

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
      <SearchFilter value={search} onChange={setSearch} label={t("paths.filter")} testId="paths-filter" />
      {paths.isError && !paths.data ? (
        <ErrorAlert message={t("errors.loadingContent", { error: paths.error.message })} onRetry={() => paths.refetch()} />
      ) : (
        <Card className="gap-0 py-0">
          <PathsTable testId="paths-table" paths={rows} loading={paths.isPending} empty={empty} showCustomer={!customer} />
          <LoadMoreFooter query={paths} label={t("paths.loadMore")} testId="paths-load-more" />
        </Card>
      )}
      {paths.isError && paths.data && (
        <div className="mt-3">
          <ErrorAlert message={t("errors.loadingContent", { error: paths.error.message })} onRetry={() => paths.refetch()} />
        </div>
      )}
    </div>
  );
}
