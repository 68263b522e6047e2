"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useUrlSort } from "@/components/common/data-table";
import { PagedPanel, usePagedList } from "@/components/common/paged-list";
import { PageHeader } from "@/components/pages/page-header";
import { useConsole } from "@/components/shell/use-console";
import { eventSearchToParams, eventsExportHref, eventsQueryOptions } from "@/lib/events/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { EventSearchForm } from "./event-search-form";
import { EventsTable } from "./events-table";
import { Timestamp } from "@/components/common/timestamp";
import { useEventSearch } from "./use-event-search";

/** The events page (SPEC §2, §5): a time range and filters in the URL, newest first, live while the range is open. */
export function EventsPage() {
  const t = useTranslations();
  const { organization, organizations, user } = useConsole();
  // Inside another organization's console: that organization's events only.
  const organizationId = consoleOrganizationFilter(organization.id, user.organizationId);
  const { search, setSearch, pending } = useEventSearch();
  const { asked, sorting } = useUrlSort("events", { sort: "time", order: "desc" });
  const eventsList = usePagedList(() => eventsQueryOptions(search, organizationId, asked));

  const events = eventsList.rows;
  const names = useMemo(() => new Map(organizations.map((org) => [org.id, org.name])), [organizations]);
  const filtered = Boolean(search.startTime || search.endTime || search.type || search.nodeId || search.siteId || search.pathId);

  const { startTime, endTime } = search;
  const start = () => (startTime ? <Timestamp value={startTime.toISOString()} /> : null);
  const end = () => (endTime ? <Timestamp value={endTime.toISOString()} /> : null);
  const range =
    startTime && endTime
      ? t.rich("events.range.between", { start, end })
      : startTime
        ? t.rich("events.range.since", { start })
        : endTime
          ? t.rich("events.range.until", { end })
          : t("events.range.all");

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("events.title")} description={t("events.description")} />
      {/* A new URL search starts the form afresh. */}
      <EventSearchForm key={eventSearchToParams(search).toString()} search={search} pending={pending} onSearch={setSearch} />
      <p className="mt-4 mb-2 text-sm text-muted-foreground" data-testid="events-range">
        {range}
      </p>
      <PagedPanel
        list={eventsList}
        exportCsv={eventsExportHref(search, organizationId, asked)}
        loadingLabel={t("events.loading")}
        loadingRows={6}
        dimmed={pending}
        count={{ text: t("events.showing", { count: events.length }), testId: "events-count" }}
        loadMore={{ label: t("events.loadMore"), testId: "events-load-more", variant: "outline" }}
      >
        {(rows) => (
          <EventsTable
            events={rows}
            organizationName={!organizationId && organizations.length > 1 ? (id) => names.get(id) ?? id : undefined}
            onNode={(node) => setSearch({ ...search, nodeId: node })}
            sorting={sorting}
            empty={filtered ? t("events.empty.filtered") : t("events.empty.none")}
          />
        )}
      </PagedPanel>
    </div>
  );
}
