"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Ellipsis, Eye, Pencil, Plus, Route, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ErrorAlert } from "@/components/errors/error-alert";
import { connectorLoad } from "@/lib/paths/headroom";
import { lazyComponent } from "@/components/common/lazy-component";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { connectorKeys, siteConnectorsExportHref, siteConnectorsQueryOptions, useDeleteConnector } from "@/lib/connectors/queries";
import { ExportCsvLink } from "@/components/common/export-csv-link";
import { ImportCsvButton } from "@/components/csv/import-csv-button";
import type { Connector } from "@/lib/connectors/schema";
import { CONNECTOR_KINDS, type ConnectorKind } from "@/lib/connectors/constants";
import { sitePathsQueryOptions } from "@/lib/paths/queries";
import type { Path } from "@/lib/paths/schema";
import type { Site } from "@/lib/sites/schema";
import { useConsole } from "@/components/shell/use-console";
import { useBandwidthFormatter } from "./bandwidth";
import { ConnectorDetailsDialog, ConnectorSummary } from "./connector-details";
import { CONNECTOR_KIND_ICONS } from "./connector-kind";
import { ActionsHead } from "@/components/common/table-state";

// The form and the confirmation are fetched on the intent to use them, not with the page.
const ConnectorDialog = lazyComponent(() => import("./connector-dialog").then((module) => module.ConnectorDialog));
const ConfirmDelete = lazyComponent(() => import("@/components/common/confirm-delete").then((module) => module.ConfirmDelete));
const RehomeConnector = lazyComponent(() => import("./rehome-connector").then((module) => module.RehomeConnector));
const preloadActions = () => {
  ConnectorDialog.preload();
  ConfirmDelete.preload();
};

function Usage({ connector, paths }: { connector: Connector; paths: Path[] | undefined }) {
  const t = useTranslations("connectors");
  const formatBandwidth = useBandwidthFormatter();
  if (!paths) return <Skeleton className="h-4 w-24" />;
  const load = connectorLoad(connector, paths);
  const share = connector.bandwidth > 0 ? Math.min(1, load.used / connector.bandwidth) : 0;
  return (
    <div className="grid w-44 gap-1" data-testid="connector-usage">
      <span className="text-xs text-muted-foreground">
        {t("usage", { used: formatBandwidth(load.used), total: formatBandwidth(connector.bandwidth), count: load.paths.length })}
      </span>
      <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        <span className="block h-full rounded-full bg-primary/70" style={{ width: `${share * 100}%` }} />
      </span>
    </div>
  );
}

function AddConnectorMenu({ onPick }: { onPick: (kind: ConnectorKind) => void }) {
  const t = useTranslations("connectors");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" data-testid="add-connector" onMouseEnter={ConnectorDialog.preload} onFocus={ConnectorDialog.preload}>
          <Plus aria-hidden />
          {t("add")}
          <ChevronDown aria-hidden className="opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      {/* A picked kind opens a dialog, which takes the focus: the closing menu does not hand it back to its button. */}
      <DropdownMenuContent align="end" className="w-64" onCloseAutoFocus={(event) => event.preventDefault()}>
        {CONNECTOR_KINDS.map((kind) => {
          const Icon = CONNECTOR_KIND_ICONS[kind];
          return (
            <DropdownMenuItem key={kind} onSelect={() => onPick(kind)} data-testid={`add-connector-${kind}`} className="items-start">
              <Icon aria-hidden className="mt-0.5" />
              <span className="grid">
                <span>{t(`kinds.${kind}`)}</span>
                <span className="text-xs text-muted-foreground">{t(`kindDescriptions.${kind}`)}</span>
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A site's connectors with their load, and for those who may: add (by kind), edit and delete. */
export function ConnectorsCard({ site, canWrite }: { site: Site; canWrite: boolean }) {
  const t = useTranslations();
  const formatBandwidth = useBandwidthFormatter();
  const connectors = useQuery(siteConnectorsQueryOptions(site.id));
  const paths = useQuery(sitePathsQueryOptions(site.id));
  const remove = useDeleteConnector();
  const [editing, setEditing] = useState<{ kind: ConnectorKind; connector?: Connector } | null>(null);
  const [viewing, setViewing] = useState<Connector | null>(null);
  const [deleting, setDeleting] = useState<Connector | null>(null);
  // Mounted from the first deletion on, so that closing animates as before.
  const [deleteMounted, setDeleteMounted] = useState(false);
  // Re-homing is the provider's (its MSP or the operator), never the customer's.
  const { user } = useConsole();
  const canRehome = canWrite && !user.role.startsWith("customer-");
  const [rehoming, setRehoming] = useState<Connector | null>(null);

  return (
    <Card className="gap-0 pb-0" data-testid="connectors-card">
      <CardHeader className="border-b pb-4">
        <CardTitle>{t("connectors.title")}</CardTitle>
        <CardDescription>{t("connectors.description", { site: site.name })}</CardDescription>
        <CardAction className="flex flex-wrap items-center gap-2">
          <ExportCsvLink href={siteConnectorsExportHref(site.id)} />
          {canWrite && <ImportCsvButton target={{ kind: "connectors", siteId: site.id }} refresh={[connectorKeys.all, ["sites"]]} />}
          {canWrite && <AddConnectorMenu onPick={(kind) => setEditing({ kind })} />}
        </CardAction>
      </CardHeader>
      {connectors.isError ? (
        <div className="p-4">
          <ErrorAlert message={t("errors.loadingContent", { error: connectors.error.message })} onRetry={() => connectors.refetch()} />
        </div>
      ) : (
        <Table data-testid="connectors-table">
          <TableHeader>
            <TableRow>
              <TableHead className="pl-6">{t("connectors.columns.name")}</TableHead>
              <TableHead>{t("connectors.columns.kind")}</TableHead>
              <TableHead className="text-right">{t("connectors.columns.bandwidth")}</TableHead>
              <TableHead>{t("connectors.columns.details")}</TableHead>
              <TableHead>{t("connectors.columns.usage")}</TableHead>
              <ActionsHead className="w-12 pr-6" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {connectors.isPending && (
              <TableRow>
                <TableCell colSpan={6} className="px-6">
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              </TableRow>
            )}
            {connectors.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="px-6 py-10 text-center whitespace-normal text-muted-foreground">
                  {canWrite ? t("connectors.empty", { site: site.name }) : t("connectors.emptyReadOnly", { site: site.name })}
                </TableCell>
              </TableRow>
            )}
            {connectors.data?.map((connector) => {
              const Icon = CONNECTOR_KIND_ICONS[connector.kind];
              return (
                <TableRow key={connector.id} data-testid="connector-row">
                  <TableCell className="max-w-56 pl-6">
                    <button
                      type="button"
                      className="text-left font-medium hover:underline"
                      onMouseEnter={canWrite ? ConnectorDialog.preload : undefined}
                      onFocus={canWrite ? ConnectorDialog.preload : undefined}
                      onClick={() => (canWrite ? setEditing({ kind: connector.kind, connector }) : setViewing(connector))}
                    >
                      {connector.name}
                    </button>
                    {"description" in connector && connector.description && (
                      <p className="truncate text-xs text-muted-foreground">{connector.description}</p>
                    )}
                  </TableCell>
                  <TableCell>
                    <span className="inline-flex items-center gap-1.5">
                      <Icon aria-hidden className="size-3.5 text-muted-foreground" />
                      {t(`connectors.kinds.${connector.kind}`)}
                    </span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatBandwidth(connector.bandwidth)}</TableCell>
                  <TableCell className="max-w-72 truncate">
                    <ConnectorSummary connector={connector} />
                  </TableCell>
                  <TableCell>
                    <Usage connector={connector} paths={paths.data} />
                  </TableCell>
                  <TableCell className="pr-6 text-right">
                    {canWrite ? (
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            aria-label={t("connectors.actions", { name: connector.name })}
                            onMouseEnter={preloadActions}
                            onFocus={preloadActions}
                          >
                            <Ellipsis aria-hidden />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end" onCloseAutoFocus={(event) => event.preventDefault()}>
                          <DropdownMenuItem onSelect={() => setEditing({ kind: connector.kind, connector })}>
                            <Pencil aria-hidden />
                            {t("connectors.edit")}
                          </DropdownMenuItem>
                          {canRehome && (
                            <DropdownMenuItem onSelect={() => setRehoming(connector)} data-testid="connector-rehome-action">
                              <Route aria-hidden />
                              {t("connectors.homing.button")}
                            </DropdownMenuItem>
                          )}
                          <DropdownMenuSeparator />
                          <DropdownMenuItem
                            variant="destructive"
                            onSelect={() => {
                              setDeleteMounted(true);
                              setDeleting(connector);
                            }}
                            data-testid="connector-delete"
                          >
                            <Trash2 aria-hidden />
                            {t("connectors.delete")}
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    ) : (
                      <Button variant="ghost" size="icon" className="size-8" aria-label={t("connectors.view")} onClick={() => setViewing(connector)}>
                        <Eye aria-hidden />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {editing && <ConnectorDialog siteId={site.id} target={editing} onClose={() => setEditing(null)} />}
      <ConnectorDetailsDialog connector={viewing} onClose={() => setViewing(null)} />
      {rehoming && <RehomeConnector connector={rehoming} open onOpenChange={(open) => !open && setRehoming(null)} />}
      {deleteMounted && (
        <ConfirmDelete
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t("connectors.deleteTitle", { name: deleting?.name ?? "" })}
          description={t("connectors.deleteDescription", { count: deleting && paths.data ? connectorLoad(deleting, paths.data).paths.length : 0 })}
          confirmLabel={t("connectors.delete")}
          testId="connector-delete"
          onConfirm={async () => {
            if (!deleting) return;
            await remove.mutateAsync(deleting);
            toast.success(t("connectors.deleted", { name: deleting.name }));
          }}
        />
      )}
    </Card>
  );
}
