import { useFormatter, useTranslations } from "next-intl";

/** A bandwidth in the unit an engineer would say: whole or tenth Gbps from 1 Gbps up, otherwise Mbps. */
export function bandwidthParts(mbps: number): { value: number; unit: "mbps" | "gbps" } {
  if (Math.abs(mbps) >= 1000 && mbps % 100 === 0) return { value: mbps / 1000, unit: "gbps" };
  return { value: mbps, unit: "mbps" };
}

/** Formats Mbps as "500 Mbps" or "2.5 Gbps" in the user's language (units always shown). */
export function useBandwidthFormatter(): (mbps: number) => string {
  const t = useTranslations("units");
  const format = useFormatter();
  return (mbps) => {
    const { value, unit } = bandwidthParts(mbps);
    return t(unit, { value: format.number(value, { maximumFractionDigits: 1 }) });
  };
}
