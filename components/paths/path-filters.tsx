"use client";

import { useTranslations } from "next-intl";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PATH_SLA_STATES, type PathSla } from "@/lib/health";
import { PATH_LAYERS, type PathLayer } from "@/lib/paths/constants";
import type { PathListNarrowing } from "@/lib/paths/queries";

const ANY = "any";

/** The paths list's SLA state and layer filters, beside the "Filter paths..." box. */
export function PathFilters({ value, onChange }: { value: PathListNarrowing; onChange: (value: PathListNarrowing) => void }) {
  const t = useTranslations("paths");
  return (
    <>
      <Select
        value={value.slaHealth ?? ANY}
        onValueChange={(next) => onChange({ ...value, slaHealth: next === ANY ? undefined : (next as PathSla) })}
      >
        <SelectTrigger aria-label={t("filters.sla")} data-testid="paths-sla-filter" className="min-w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t("filters.anySla")}</SelectItem>
          {PATH_SLA_STATES.map((state) => (
            <SelectItem key={state} value={state}>
              {t(`sla.${state}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={value.layer ?? ANY} onValueChange={(next) => onChange({ ...value, layer: next === ANY ? undefined : (next as PathLayer) })}>
        <SelectTrigger aria-label={t("filters.layer")} data-testid="paths-layer-filter" className="min-w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t("filters.anyLayer")}</SelectItem>
          {PATH_LAYERS.map((layer) => (
            <SelectItem key={layer} value={layer}>
              {t(`layers.${layer}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
