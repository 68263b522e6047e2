"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { eventSearchToParams, eventsQueryOptions } from "@/lib/events/queries";
import type { Event } from "@/lib/events/schema";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { cn } from "@/lib/utils";
import { EventSearchForm } from "./event-search-form";
import { EventsTable } from "./events-table";
import { Timestamp } from "@/components/common/timestamp";
import { useEventSearch } from "./use-event-search";

function uniqueEvents(pages: { items: Event[] }[] | undefined): Event[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items).filter((event) => !seen.has(event.id) && Boolean(seen.add(event.id)));
}

/** The events page (SPEC §2, §5): a time range and filters in the URL, newest first, live while the range is open. */
export function EventsPage() {
  const t = useTranslations();
  const { organization, organizations, user } = useConsole();
  // Inside another organization's console: that organization's events only.
  const organizationId = consoleOrganizationFilter(organization.id, user.organizationId);
  const { search, setSearch, pending } = useEventSearch();
  const eventsQuery = useInfiniteQuery(eventsQueryOptions(search, organizationId));

  const events = useMemo(() => uniqueEvents(eventsQuery.data?.pages), [eventsQuery.data]);
  const types = useMemo(() => [...new Set(events.map((event) => event.type))].sort(), [events]);
  const names = useMemo(() => new Map(organizations.map((org) => [org.id, org.name])), [organizations]);
  const filtered = Boolean(search.startTime || search.endTime || search.type || search.nodeId);

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
      <EventSearchForm key={eventSearchToParams(search).toString()} search={search} types={types} pending={pending} onSearch={setSearch} />
      <p className="mt-4 mb-2 text-sm text-muted-foreground" data-testid="events-range">
        {range}
      </p>
      {eventsQuery.error && (
        <div className="mb-3">
          <ErrorAlert message={t("errors.loadingContent", { error: eventsQuery.error.message })} onRetry={() => eventsQuery.refetch()} />
        </div>
      )}
      {!(eventsQuery.error && !eventsQuery.data) && (
        <Card className={cn("gap-0 overflow-hidden py-0 transition-opacity", pending && "opacity-60")} aria-busy={eventsQuery.isFetching || pending}>
          {eventsQuery.isPending ? (
            <div className="flex flex-col gap-3 p-4" aria-label={t("events.loading")}>
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-8 w-full" />
              ))}
            </div>
          ) : (
            <EventsTable
              events={events}
              organizationName={!organizationId && organizations.length > 1 ? (id) => names.get(id) ?? id : undefined}
              onNode={(nodeId) => setSearch({ ...search, nodeId })}
              empty={filtered ? t("events.empty.filtered") : t("events.empty.none")}
            />
          )}
        </Card>
      )}
      {events.length > 0 && (
        <div className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span data-testid="events-count">{t("events.showing", { count: events.length })}</span>
          {eventsQuery.hasNextPage && (
            <Button variant="outline" size="sm" busy={eventsQuery.isFetchingNextPage} onClick={() => eventsQuery.fetchNextPage()} data-testid="events-load-more">
              {t("events.loadMore")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
