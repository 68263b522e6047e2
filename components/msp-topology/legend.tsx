"use client";

import { useTranslations } from "next-intl";
import { HealthToneEntries } from "@/components/topology/topology-legend";

const MUTED = "var(--muted-foreground)";

/** What the drawings' colours and shapes mean. */
export function NetworkLegend() {
  const tones = useTranslations("topology.legend");
  const types = useTranslations("topology.types");
  const t = useTranslations("mspTopology.legend");
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-1.5 text-xs text-muted-foreground" aria-label={tones("title")} data-testid="topology-legend">
      <HealthToneEntries />
      <li className="flex items-center gap-1.5">
        <svg width="10" height="10" aria-hidden>
          <rect x="1" y="1" width="8" height="8" rx="1.5" fill={MUTED} />
        </svg>
        {types("core")}
      </li>
      <li className="flex items-center gap-1.5">
        <svg width="10" height="10" aria-hidden>
          <circle cx="5" cy="5" r="4.5" fill={MUTED} />
        </svg>
        {types("edge")}
      </li>
      <li className="flex items-center gap-1.5">
        <svg width="10" height="10" aria-hidden>
          <circle cx="5" cy="5" r="3" fill={MUTED} />
        </svg>
        {types("cpe")}
      </li>
      <li className="flex items-center gap-1.5">
        <svg width="14" height="14" aria-hidden>
          <circle cx="7" cy="7" r="6.5" fill={MUTED} />
          <text x="7" y="7" dy="0.35em" textAnchor="middle" fontSize="7" fill="var(--card)">
            n
          </text>
        </svg>
        {t("place")}
      </li>
    </ul>
  );
}
