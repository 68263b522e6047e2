"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { alarmsQueryOptions, DEFAULT_ALARM_FILTER, useUnacknowledgeAlarms, type AlarmListFilter } from "@/lib/alarms/queries";
import type { Alarm } from "@/lib/alarms/schema";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { cn } from "@/lib/utils";
import { AcknowledgeDialog } from "./acknowledge-dialog";
import { AlarmFilters } from "./alarm-filters";
import { AlarmsTable, type AlarmSelection } from "./alarms-table";

function uniqueAlarms(pages: { items: Alarm[] }[] | undefined): Alarm[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items).filter((alarm) => !seen.has(alarm.id) && Boolean(seen.add(alarm.id)));
}

/** The alarms page (SPEC §2, §4): live list, filters, show acknowledged, bulk acknowledge and unacknowledge. */
export function AlarmsPage() {
  const t = useTranslations();
  const { organization, organizations, user } = useConsole();
  // Inside another organization's console: that organization's alarms only.
  const organizationId = consoleOrganizationFilter(organization.id, user.organizationId);
  const canAcknowledge = useCan("common:config:write");
  const [filter, setFilter] = useState<AlarmListFilter>(DEFAULT_ALARM_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const alarmsQuery = useInfiniteQuery({ ...alarmsQueryOptions(filter, organizationId), placeholderData: keepPreviousData });
  const unacknowledge = useUnacknowledgeAlarms();

  const alarms = useMemo(() => uniqueAlarms(alarmsQuery.data?.pages), [alarmsQuery.data]);
  const chosen = alarms.filter((alarm) => selected.has(alarm.id));
  const toAcknowledge = chosen.filter((alarm) => !alarm.acknowledged).map((alarm) => alarm.id);
  const toUnacknowledge = chosen.filter((alarm) => alarm.acknowledged).map((alarm) => alarm.id);
  const names = useMemo(() => new Map(organizations.map((org) => [org.id, org.name])), [organizations]);
  const filtered = Boolean(filter.severity || filter.type || filter.state !== DEFAULT_ALARM_FILTER.state);

  const changeFilter = (next: AlarmListFilter) => {
    setFilter(next);
    setSelected(new Set());
  };
  const selection: AlarmSelection | undefined = canAcknowledge
    ? {
        selected,
        toggle: (alarmId, checked) =>
          setSelected((current) => {
            const next = new Set(current);
            if (checked) next.add(alarmId);
            else next.delete(alarmId);
            return next;
          }),
        toggleAll: (checked) => setSelected(checked ? new Set(alarms.map((alarm) => alarm.id)) : new Set()),
      }
    : undefined;

  const runUnacknowledge = () =>
    unacknowledge.mutate(toUnacknowledge, {
      onSuccess: () => {
        toast.success(t("alarms.unacknowledged", { count: toUnacknowledge.length }));
        setSelected(new Set());
      },
      onError: (error) => toast.error(t("alarms.unacknowledgeFailed", { error: error.message })),
    });

  const empty = filtered ? (
    <div className="flex flex-col items-center gap-3">
      <p>{t("alarms.empty.filtered")}</p>
      <Button variant="outline" size="sm" onClick={() => changeFilter({ ...DEFAULT_ALARM_FILTER, acknowledged: filter.acknowledged })}>
        {t("alarms.clearFilters")}
      </Button>
    </div>
  ) : filter.acknowledged === "false" ? (
    t("alarms.empty.open")
  ) : (
    t("alarms.empty.none")
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("alarms.title")} description={t("alarms.description")} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <AlarmFilters filter={filter} onChange={changeFilter} />
        {canAcknowledge && (
          <div className="flex flex-wrap items-center gap-2" data-testid="alarm-actions">
            <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
              {t("alarms.selected", { count: chosen.length })}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={toUnacknowledge.length === 0}
              busy={unacknowledge.isPending}
              onClick={runUnacknowledge}
              data-testid="unacknowledge-alarms"
            >
              <Undo2 aria-hidden />
              {t("alarms.unacknowledge")}
            </Button>
            <AcknowledgeDialog alarmIds={toAcknowledge} onDone={() => setSelected(new Set())} />
          </div>
        )}
      </div>
      {alarmsQuery.error && !alarmsQuery.data ? (
        <ErrorAlert message={t("errors.loadingContent", { error: alarmsQuery.error.message })} onRetry={() => alarmsQuery.refetch()} />
      ) : (
        <>
          {alarmsQuery.error && (
            <div className="mb-3">
              <ErrorAlert message={t("errors.loadingContent", { error: alarmsQuery.error.message })} onRetry={() => alarmsQuery.refetch()} />
            </div>
          )}
          <Card className={cn("gap-0 overflow-hidden py-0 transition-opacity", alarmsQuery.isPlaceholderData && "opacity-60")} aria-busy={alarmsQuery.isFetching}>
            {alarmsQuery.isPending ? (
              <div className="flex flex-col gap-3 p-4" aria-label={t("alarms.loading")}>
                {Array.from({ length: 5 }, (_, index) => (
                  <Skeleton key={index} className="h-8 w-full" />
                ))}
              </div>
            ) : (
              <AlarmsTable
                alarms={alarms}
                selection={selection}
                organizationName={!organizationId && organizations.length > 1 ? (id) => names.get(id) ?? id : undefined}
                empty={empty}
              />
            )}
          </Card>
          {alarms.length > 0 && (
            <div className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground">
              <span data-testid="alarms-count">{t("alarms.showing", { count: alarms.length })}</span>
              {alarmsQuery.hasNextPage && (
                <Button variant="outline" size="sm" busy={alarmsQuery.isFetchingNextPage} onClick={() => alarmsQuery.fetchNextPage()} data-testid="alarms-load-more">
                  {t("alarms.loadMore")}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
