"use client";

import { useFormatter, useTranslations } from "next-intl";
import { axisRateUnit, inRateUnit, scaleBps, scaleBytes } from "@/lib/dashboard/format";

/** Rates with their unit in the user's language: "1.3 Mbps" (fr "1,3 Mbit/s"); "—" when nothing was reported. */
export function useRateFormat() {
  const t = useTranslations("dashboard.units");
  const format = useFormatter();
  const number = (value: number) => format.number(value, { maximumFractionDigits: value >= 100 ? 0 : value >= 10 ? 1 : 2 });
  return {
    rate: (bps: number | null | undefined) => {
      if (bps === null || bps === undefined) return "—";
      const { value, unit } = scaleBps(bps);
      return t(unit, { value: number(value) });
    },
    /** A value in the unit of an axis topping out at `max`, so ticks and tooltips line up. */
    rateOnAxis: (bps: number, max: number) => {
      const unit = axisRateUnit(max);
      return t(unit, { value: number(inRateUnit(bps, unit)) });
    },
    /** An axis tick: the number only, the unit being in the axis label. */
    tick: (bps: number, max: number) => number(inRateUnit(bps, axisRateUnit(max))),
    axisUnit: (max: number) => t(`${axisRateUnit(max)}Unit`),
    bytes: (bytes: number) => {
      const { value, unit } = scaleBytes(bytes);
      return t(unit, { value: number(value) });
    },
    number,
    ms: (value: number | null) => (value === null ? "—" : t("ms", { value: format.number(value, { maximumFractionDigits: 1 }) })),
    percent: (value: number | null) => (value === null ? "—" : t("percent", { value: format.number(value, { maximumFractionDigits: 2 }) })),
  };
}
