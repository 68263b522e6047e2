"use client";

import { useTranslations } from "next-intl";
import { FilterSelect } from "@/components/common/filter-select";
import { PATH_SLA_STATES } from "@/lib/health";
import { PATH_LAYERS } from "@/lib/paths/constants";
import type { PathListNarrowing } from "@/lib/paths/queries";

/** The paths list's SLA state and layer filters, beside the "Filter paths..." box. */
export function PathFilters({ value, onChange }: { value: PathListNarrowing; onChange: (value: PathListNarrowing) => void }) {
  const t = useTranslations("paths");
  return (
    <>
      <FilterSelect
        value={value.slaHealth}
        onChange={(slaHealth) => onChange({ ...value, slaHealth })}
        label={t("filters.sla")}
        anyLabel={t("filters.anySla")}
        options={PATH_SLA_STATES.map((state) => ({ value: state, label: t(`sla.${state}`) }))}
        testId="paths-sla-filter"
        className="min-w-40"
      />
      <FilterSelect
        value={value.layer}
        onChange={(layer) => onChange({ ...value, layer })}
        label={t("filters.layer")}
        anyLabel={t("filters.anyLayer")}
        options={PATH_LAYERS.map((layer) => ({ value: layer, label: t(`layers.${layer}`) }))}
        testId="paths-layer-filter"
        className="min-w-36"
      />
    </>
  );
}
