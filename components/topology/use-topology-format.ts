"use client";

import { useFormatter, useTranslations } from "next-intl";

const RATE_UNITS = ["bps", "kbps", "mbps", "gbps", "tbps"] as const;

/** A rate in bits per second in the largest unit under 1000 of it. */
export function scaleRate(bps: number): { value: number; unit: (typeof RATE_UNITS)[number] } {
  let index = 0;
  let value = Number.isFinite(bps) ? Math.abs(bps) : 0;
  while (value >= 1000 && index < RATE_UNITS.length - 1) {
    value /= 1000;
    index += 1;
  }
  return { value, unit: RATE_UNITS[index] };
}

/** The topology's figures with their units in the user's language; "—" when nothing was reported. */
export function useTopologyFormat() {
  const t = useTranslations("topology.units");
  const format = useFormatter();
  const none = "—";
  const number = (value: number, digits = 1) => format.number(value, { maximumFractionDigits: digits });
  return {
    rate: (bps: number | null) => {
      if (bps === null) return none;
      const { value, unit } = scaleRate(bps);
      return t(unit, { value: number(value, value >= 100 ? 0 : 1) });
    },
    bandwidth: (mbps: number | null) => {
      if (mbps === null) return none;
      const { value, unit } = scaleRate(mbps * 1e6);
      return t(unit, { value: number(value) });
    },
    ms: (value: number | null) => (value === null ? none : t("ms", { value: number(value) })),
    percent: (value: number | null) => (value === null ? none : t("percent", { value: number(value, 2) })),
    time: (iso: string) => format.dateTime(new Date(iso), { timeStyle: "medium" }),
  };
}
