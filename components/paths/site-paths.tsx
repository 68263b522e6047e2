"use client";

import { useQuery } from "@tanstack/react-query";
import { Info, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { siteConnectorsQueryOptions } from "@/lib/connectors/queries";
import { sitePathsQueryOptions } from "@/lib/paths/queries";
import { allSitesQueryOptions, siteQueryOptions } from "@/lib/sites/queries";
import { AWS_SITE_TYPES } from "@/lib/sites/constants";
import { PathDialog, preloadPathDialog } from "./path-dialog";
import { isAwsPath } from "./aws-paths";
import { PathsTable } from "./paths-table";

/** customer/site/{siteId}/path: the site's paths, with Add Path for those who may configure. */
export function SitePaths({ siteId }: { siteId: string }) {
  const t = useTranslations();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const site = useQuery(siteQueryOptions(siteId));
  const paths = useQuery(sitePathsQueryOptions(siteId));
  const connectors = useQuery(siteConnectorsQueryOptions(siteId));
  const sites = useQuery(allSitesQueryOptions(organization.id));
  const [adding, setAdding] = useState(false);
  if (!site.data) return null;
  const name = site.data.name;
  const aws = AWS_SITE_TYPES.includes(site.data.type);
  const hasConnectors = (connectors.data?.length ?? 0) > 0;
  const mayAdd = canWrite && !aws && hasConnectors;

  return (
    <Card className="gap-0 pb-0" data-testid="site-paths">
      <CardHeader className="border-b pb-4">
        <CardTitle>{t("paths.configure", { sourceSite: name })}</CardTitle>
        <CardDescription>{t("paths.configureDescription", { sourceSite: name })}</CardDescription>
        {mayAdd && (
          <CardAction>
            <Button size="sm" onMouseEnter={preloadPathDialog} onFocus={preloadPathDialog} onClick={() => setAdding(true)} data-testid="add-path">
              <Plus aria-hidden />
              {t("paths.add")}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      {aws && (
        <p className="flex items-start gap-2 border-b px-4 py-3 text-sm text-muted-foreground" data-testid="aws-paths-note">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("paths.awsSite")}
        </p>
      )}
      {paths.isError ? (
        <div className="p-4">
          <ErrorAlert message={t("errors.loadingContent", { error: paths.error.message })} onRetry={() => paths.refetch()} />
        </div>
      ) : (
        <PathsTable
          testId="site-paths-table"
          paths={paths.data ?? []}
          loading={paths.isPending}
          fromSiteId={siteId}
          readOnly={(path) => isAwsPath(path, sites.data ?? [])}
          empty={
            !canWrite
              ? t("paths.siteEmptyReadOnly", { site: name })
              : connectors.isSuccess && !hasConnectors
                ? t("paths.siteEmptyNoConnector", { site: name })
                : t("paths.siteEmpty", { site: name })
          }
        />
      )}
      <PathDialog
        open={adding}
        organizationId={site.data.organizationId}
        sourceSiteId={siteId}
        sourceSiteName={name}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}
