"use client";

import { Cloud, Building2 } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Site } from "@/lib/sites/schema";

/** "Standard", or "AWS · eu-central-1": the type with the cloud region where there is one. */
export function SiteTypeLabel({ site }: { site: Site }) {
  const t = useTranslations("sites.types");
  const Icon = site.type === "standard" ? Building2 : Cloud;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden className="size-3.5 text-muted-foreground" />
      <span>{t(site.type)}</span>
      {"region" in site && <span className="font-mono text-xs text-muted-foreground">{site.region}</span>}
    </span>
  );
}
