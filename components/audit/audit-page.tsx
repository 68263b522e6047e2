"use client";

import { Download } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { PagedPanel, usePagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { auditExportHref, auditQueryOptions, parseAuditSearch } from "@/lib/audit/queries";
import { auditSearchParams, AUDIT_FORMATS, type AuditSearchValues } from "@/lib/audit/search";
import { AuditFilterBar } from "./audit-filter-bar";
import { AuditTable } from "./audit-table";

/**
 * The audit log (issue 43): the changes people made in this organization's console — an MSP's with its customers',
 * the operator's across every organization — newest first, filtered from the URL, exported as the filter shows it.
 */
export function AuditPage() {
  const t = useTranslations("audit");
  const locale = useLocale();
  const { organization, organizations } = useConsole();
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const text = params.toString();
  const search = useMemo(() => parseAuditSearch(new URLSearchParams(text)), [text]);
  const setSearch = (next: AuditSearchValues) => {
    const query = new URLSearchParams(auditSearchParams(next)).toString();
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };
  const list = usePagedList(() => auditQueryOptions(organization.id, search));
  const names = useMemo(() => new Map(organizations.map((org) => [org.id, org.name])), [organizations]);
  // The organization column where the log spans several (an MSP's customers, the operator's all).
  const severalOrganizations = organization.organizationType !== "customer" && organizations.length > 1;
  const filtered = Object.values(search).some(Boolean);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("title")}
        description={t(`description.${organization.organizationType}`)}
        actions={
          <div className="flex gap-2">
            {AUDIT_FORMATS.map((format) => (
              <Button key={format} variant="outline" size="sm" asChild>
                <a href={auditExportHref(organization.id, search, format, locale)} download data-testid={`audit-export-${format}`}>
                  <Download aria-hidden />
                  {t(`export.${format}`)}
                </a>
              </Button>
            ))}
          </div>
        }
      />
      {/* A new URL search starts the form afresh. */}
      <AuditFilterBar key={text} search={search} pending={pending} onSearch={setSearch} />
      <div className="mt-4">
        <PagedPanel
          list={list}
          loadingLabel={t("loading")}
          loadingRows={6}
          dimmed={pending}
          count={{ text: t("showing", { count: list.rows.length }), testId: "audit-count" }}
          loadMore={{ label: t("loadMore"), testId: "audit-load-more", variant: "outline" }}
        >
          {(rows) => (
            <AuditTable
              rows={rows}
              organizationName={severalOrganizations ? (id) => names.get(id) ?? id : undefined}
              empty={filtered ? t("empty.filtered") : t("empty.none")}
            />
          )}
        </PagedPanel>
      </div>
    </div>
  );
}
