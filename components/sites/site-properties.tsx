"use client";

import { useFormatter, useTranslations } from "next-intl";
import { CLOUD_REGIONS } from "@/lib/sites/cloud-regions";
import type { Site } from "@/lib/sites/schema";
import { CLOUD_ACCOUNT_FIELDS, siteProvider } from "@/lib/sites/constants";
import { SiteTypeLabel } from "./site-type";

function Property({ label, children, mono }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={mono ? "font-mono text-sm break-all" : "text-sm break-words"}>{children}</dd>
    </div>
  );
}

/** Every property of a site, read-only. */
export function SiteSummary({ site, columns = 3 }: { site: Site; columns?: 2 | 3 }) {
  const t = useTranslations("sites");
  const format = useFormatter();
  const provider = siteProvider(site.type);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <dl className={columns === 3 ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "grid gap-4 sm:grid-cols-2"} data-testid="site-summary">
      <Property label={t("form.description")}>{site.description || <span className="text-muted-foreground">{t("detail.noDescription")}</span>}</Property>
      <Property label={t("form.type")}>
        <SiteTypeLabel site={site} />
      </Property>
      <Property label={t("form.location")}>{site.location.address}</Property>
      <Property label={t("detail.coordinates")} mono>
        {site.location.latitude.toFixed(4)}, {site.location.longitude.toFixed(4)}
      </Property>
      {provider && "region" in site && (
        <>
          <Property label={t(`form.${CLOUD_ACCOUNT_FIELDS[provider]}`)} mono>
            {(site as Record<string, unknown>)[CLOUD_ACCOUNT_FIELDS[provider]] as string}
          </Property>
          <Property label={t("detail.region")}>
            {CLOUD_REGIONS[provider].find((region) => region.code === site.region)?.name ?? site.region}{" "}
            <span className="font-mono text-xs text-muted-foreground">{site.region}</span>
          </Property>
        </>
      )}
      <Property label={t("detail.created")}>{date(site.createdAt)}</Property>
      <Property label={t("detail.updated")}>{date(site.updatedAt)}</Property>
    </dl>
  );
}
