"use client";

import { useTranslations } from "next-intl";
import { HEALTH_TONES } from "@/lib/health";
import { TONE_COLOR } from "./tones";

/** The legend's entries for the health colours, shared by every drawing of the network (a line and a node each). */
export function HealthToneEntries() {
  const t = useTranslations("topology.legend");
  return HEALTH_TONES.map((tone) => (
    <li key={tone} className="flex items-center gap-1.5">
      <svg width="22" height="10" aria-hidden>
        <line x1="1" y1="5" x2="13" y2="5" stroke={TONE_COLOR[tone]} strokeWidth="3" strokeLinecap="round" />
        <circle cx="18" cy="5" r="4" fill={TONE_COLOR[tone]} />
      </svg>
      {t(tone)}
    </li>
  ));
}

/** What the colours and line styles of the drawing mean. */
export function TopologyLegend() {
  const t = useTranslations("topology.legend");
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-1.5 text-xs text-muted-foreground" aria-label={t("title")} data-testid="topology-legend">
      <HealthToneEntries />
      <li className="flex items-center gap-1.5">
        <svg width="22" height="10" aria-hidden>
          <line x1="1" y1="5" x2="21" y2="5" stroke="var(--muted-foreground)" strokeWidth="1.5" strokeDasharray="5 4" />
        </svg>
        {t("attachment")}
      </li>
    </ul>
  );
}
