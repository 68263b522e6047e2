"use client";

import { Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useUrlSort } from "@/components/common/data-table";
import { PagedPanel, useUrlPagedList } from "@/components/common/paged-list";
import { SearchFilter } from "@/components/common/search-filter";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { alarmsExportHref, alarmsQueryOptions, DEFAULT_ALARM_FILTER, useUnacknowledgeAlarms, type AlarmListFilter } from "@/lib/alarms/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { AcknowledgeDialog } from "./acknowledge-dialog";
import { AlarmFilters } from "./alarm-filters";
import { AlarmsTable, type AlarmSelection } from "./alarms-table";

/** The alarms page (SPEC §2, §4): live list, filters, show acknowledged, bulk acknowledge and unacknowledge. */
export function AlarmsPage() {
  const t = useTranslations();
  const { organization, organizations, user } = useConsole();
  // Inside another organization's console: that organization's alarms only.
  const organizationId = consoleOrganizationFilter(organization.id, user.organizationId);
  const canAcknowledge = useCan("common:config:write");
  const [filter, setFilter] = useState<AlarmListFilter>(DEFAULT_ALARM_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { asked, sorting } = useUrlSort("alarms", { sort: "time", order: "desc" });
  const alarmsList = useUrlPagedList((search) => alarmsQueryOptions({ ...filter, search }, organizationId, asked));
  const unacknowledge = useUnacknowledgeAlarms();

  const alarms = alarmsList.rows;
  const chosen = alarms.filter((alarm) => selected.has(alarm.id));
  const toAcknowledge = chosen.filter((alarm) => !alarm.acknowledged).map((alarm) => alarm.id);
  const toUnacknowledge = chosen.filter((alarm) => alarm.acknowledged).map((alarm) => alarm.id);
  const names = useMemo(() => new Map(organizations.map((org) => [org.id, org.name])), [organizations]);
  const searched = alarmsList.searched;
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
      <p>{searched ? t("alarms.empty.search", { search: searched }) : t("alarms.empty.filtered")}</p>
      <Button variant="outline" size="sm" onClick={() => changeFilter({ ...DEFAULT_ALARM_FILTER, acknowledged: filter.acknowledged })}>
        {t("alarms.clearFilters")}
      </Button>
    </div>
  ) : searched ? (
    t("alarms.empty.search", { search: searched })
  ) : filter.acknowledged === "false" ? (
    t("alarms.empty.open")
  ) : (
    t("alarms.empty.none")
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t("alarms.title")} description={t("alarms.description")} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchFilter value={alarmsList.search} onChange={alarmsList.setSearch} label={t("alarms.filters.search")} testId="alarms-search" className="mb-0 w-64" />
          <AlarmFilters filter={filter} onChange={changeFilter} />
        </div>
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
      <PagedPanel
        list={alarmsList}
        exportCsv={alarmsExportHref({ ...filter, search: alarmsList.searched }, organizationId, asked)}
        loadingLabel={t("alarms.loading")}
        loadingRows={5}
        dimmed={alarmsList.query.isPlaceholderData}
        count={{ text: t("alarms.showing", { count: alarms.length }), testId: "alarms-count" }}
        loadMore={{ label: t("alarms.loadMore"), testId: "alarms-load-more", variant: "outline" }}
      >
        {(rows) => (
          <AlarmsTable
            alarms={rows}
            selection={selection}
            sorting={sorting}
            organizationName={!organizationId && organizations.length > 1 ? (id) => names.get(id) ?? id : undefined}
            empty={empty}
          />
        )}
      </PagedPanel>
    </div>
  );
}
