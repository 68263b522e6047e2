"use client";

import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { AlarmListFilter } from "@/lib/alarms/queries";
import { ALARM_SEVERITIES, ALARM_STATE_FILTERS, ALARM_TYPES, type AlarmSeverity, type AlarmStateFilter, type AlarmType } from "@/lib/alarms/constants";

const ANY = "any";

/** Severity, type and state (active or cleared) filters, and the show-acknowledged toggle (off: acknowledged alarms are hidden, SPEC §4). */
export function AlarmFilters({ filter, onChange }: { filter: AlarmListFilter; onChange: (filter: AlarmListFilter) => void }) {
  const t = useTranslations("alarms");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        value={filter.severity ?? ANY}
        onValueChange={(value) => onChange({ ...filter, severity: value === ANY ? undefined : (value as AlarmSeverity) })}
      >
        <SelectTrigger size="sm" aria-label={t("filters.severity")} data-testid="alarm-severity-filter" className="min-w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t("filters.anySeverity")}</SelectItem>
          {ALARM_SEVERITIES.map((severity) => (
            <SelectItem key={severity} value={severity}>
              {t(`severities.${severity}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filter.type ?? ANY} onValueChange={(value) => onChange({ ...filter, type: value === ANY ? undefined : (value as AlarmType) })}>
        <SelectTrigger size="sm" aria-label={t("filters.type")} data-testid="alarm-type-filter" className="min-w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t("filters.anyType")}</SelectItem>
          {ALARM_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {t(`types.${type}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filter.state} onValueChange={(value) => onChange({ ...filter, state: value as AlarmStateFilter })}>
        <SelectTrigger size="sm" aria-label={t("filters.state")} data-testid="alarm-state-filter" className="min-w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ALARM_STATE_FILTERS.map((state) => (
            <SelectItem key={state} value={state}>
              {t(`filters.states.${state}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="ml-1 flex items-center gap-2">
        <Switch
          id="alarms-show-acknowledged"
          checked={filter.acknowledged !== "false"}
          onCheckedChange={(checked) => onChange({ ...filter, acknowledged: checked ? "all" : "false" })}
          data-testid="show-acknowledged"
        />
        <Label htmlFor="alarms-show-acknowledged" className="font-normal">
          {t("filters.showAcknowledged")}
        </Label>
      </div>
    </div>
  );
}
