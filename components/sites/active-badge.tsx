"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

/** Whether a site is active (its own file: the site layout shows it without loading the sites list). */
export function ActiveBadge({ active }: { active: boolean }) {
  const t = useTranslations("sites");
  return (
    <Badge variant={active ? "healthy" : "unknown"}>
      <span aria-hidden className={active ? "size-1.5 rounded-full bg-status-healthy" : "size-1.5 rounded-full bg-status-unknown"} />
      {active ? t("active") : t("inactive")}
    </Badge>
  );
}
