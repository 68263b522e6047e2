"use client";

import { KeyRound, List, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { PageHeader } from "@/components/pages/page-header";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";
import { WEBHOOK_EVENT_LABELS } from "@/lib/webhooks/constants";
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, webhooksQueryOptions } from "@/lib/webhooks/queries";
import type { WebhookEndpoint, WebhookWithSecret } from "@/lib/webhooks/schema";
import { DeliveriesPanel } from "./deliveries-panel";
import { WebhookSecretDialog } from "./secret-dialog";

// The form (react-hook-form, zod, the dialog) is fetched on the intent to add or edit.
const WebhookDialog = lazyComponent(() => import("./webhook-dialog").then((module) => module.WebhookDialog));

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("webhooks.status");
  if (!endpoint.enabled) {
    return (
      <div className="flex flex-col gap-1">
        <Badge variant="outline" className="w-fit border-transparent bg-destructive/15 text-destructive" data-testid="webhook-status">
          {t("disabled")}
        </Badge>
        {endpoint.disabledReason === "failing" && endpoint.disabledAt && (
          <span className="text-xs text-muted-foreground" data-testid="webhook-disabled-reason">
            {t.rich("disabledFailing", { time: () => <Timestamp value={endpoint.disabledAt!} seconds={false} /> })}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Badge variant="outline" className="w-fit border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300" data-testid="webhook-status">
        {t("enabled")}
      </Badge>
      {endpoint.failingSince && (
        <span className="text-xs text-amber-700 dark:text-amber-300" data-testid="webhook-failing">
          {t.rich("failing", { time: () => <Timestamp value={endpoint.failingSince!} seconds={false} /> })}
        </span>
      )}
    </div>
  );
}

interface ActionsProps {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (created: WebhookWithSecret) => void;
}

function EndpointActions({ endpoint, onEdit, onSecret }: ActionsProps) {
  const t = useTranslations("webhooks.actions");
  const test = useSendTestEvent();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const { url } = endpoint;
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={t("edit", { url })} title={t("edit", { url })} onClick={onEdit} data-testid="webhook-edit">
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        busy={test.isPending}
        aria-label={t("test", { url })}
        title={t("test", { url })}
        data-testid="webhook-test"
        onClick={() => test.mutate(endpoint.id, { onSuccess: () => toast.success(t("testSent")), onError: (error) => toast.failure(error) })}
      >
        <Send aria-hidden />
      </Button>
      <ConfirmDelete
        title={t("rotateTitle")}
        description={t("rotateDescription")}
        confirmLabel={t("rotateConfirm")}
        testId="webhook-rotate-confirm"
        trigger={
          <Button variant="ghost" size="icon" aria-label={t("rotate", { url })} title={t("rotate", { url })} data-testid="webhook-rotate">
            <KeyRound aria-hidden />
          </Button>
        }
        onConfirm={async () => onSecret(await rotate.mutateAsync(endpoint.id))}
      />
      <ConfirmDelete
        title={t("deleteTitle")}
        description={t("deleteDescription", { url })}
        confirmLabel={t("deleteConfirm")}
        testId="webhook-delete-confirm"
        trigger={
          <Button variant="ghost" size="icon" className="text-destructive" aria-label={t("delete", { url })} title={t("delete", { url })} data-testid="webhook-delete">
            <Trash2 aria-hidden />
          </Button>
        }
        onConfirm={async () => {
          await remove.mutateAsync(endpoint.id);
          toast.success(t("deleted"));
        }}
      />
    </>
  );
}

/**
 * webhooks: the organization's endpoints, their state (a disabled one says why), and the deliveries log of the one
 * opened. Its admins add, edit, test, rotate and delete endpoints and redeliver; everyone else reads.
 */
export function WebhooksPage() {
  const t = useTranslations();
  const { organization } = useConsole();
  // Managing endpoints is an admin's (the routes ask for both scopes).
  const canConfigure = useCan("common:config:write");
  const canManageUsers = useCan("common:user:write");
  const canManage = canConfigure && canManageUsers;
  const endpoints = usePagedList(() => webhooksQueryOptions(organization.id));
  // The dialog: closed, adding (null) or editing an endpoint.
  const [editing, setEditing] = useState<WebhookEndpoint | null | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = endpoints.rows.find((endpoint) => endpoint.id === shownId);
  const disabled = endpoints.rows.filter((endpoint) => !endpoint.enabled && endpoint.disabledReason === "failing").length;
  const open = (endpoint: WebhookEndpoint | null) => {
    setOpened(true);
    setEditing(endpoint);
  };
  const columns: DataColumn<WebhookEndpoint>[] = [
    {
      id: "url",
      label: t("webhooks.columns.url"),
      headClassName: "pl-4",
      cellClassName: "max-w-44 truncate pl-4 font-mono text-xs @2xl:max-w-80",
      cell: (endpoint) => (
        <span title={endpoint.url} data-testid="webhook-url-cell">
          {endpoint.url}
        </span>
      ),
    },
    {
      id: "events",
      label: t("webhooks.columns.events"),
      priority: 2,
      cell: (endpoint) => (
        <span title={endpoint.eventTypes.map((type) => t(WEBHOOK_EVENT_LABELS[type])).join(", ")}>{t("webhooks.eventCount", { count: endpoint.eventTypes.length })}</span>
      ),
    },
    { id: "status", label: t("webhooks.columns.status"), cell: (endpoint) => <EndpointStatus endpoint={endpoint} /> },
    {
      id: "created",
      label: t("webhooks.columns.created"),
      priority: 3,
      cellClassName: "text-muted-foreground",
      cell: (endpoint) => <Timestamp value={endpoint.createdAt} seconds={false} />,
    },
    {
      id: "actions",
      label: t("webhooks.columns.actions"),
      labelHidden: true,
      // Up to five buttons: on a phone they are in the row's details.
      priority: 2,
      cell: (endpoint) => (
        <div className="flex justify-end gap-1 [[data-testid=row-details]_&]:justify-start">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("webhooks.actions.deliveries", { url: endpoint.url })}
            title={t("webhooks.actions.deliveries", { url: endpoint.url })}
            aria-pressed={endpoint.id === shownId}
            data-testid="webhook-deliveries-open"
            onClick={() => setShownId(endpoint.id === shownId ? null : endpoint.id)}
          >
            <List aria-hidden />
          </Button>
          {canManage && <EndpointActions endpoint={endpoint} onEdit={() => open(endpoint)} onSecret={setSecret} />}
        </div>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t("webhooks.title")}
        description={t("webhooks.description", { organization: organization.name })}
        actions={
          canManage && (
            <Button onClick={() => open(null)} onMouseEnter={WebhookDialog.preload} onFocus={WebhookDialog.preload} data-testid="webhook-add">
              <Plus aria-hidden />
              {t("webhooks.add")}
            </Button>
          )
        }
      />
      {!canManage && <p className="text-sm text-muted-foreground">{t("webhooks.readOnly")}</p>}
      {disabled > 0 && (
        <Alert variant="destructive" data-testid="webhook-disabled-banner">
          <AlertDescription>{t("webhooks.disabledBanner", { count: disabled })}</AlertDescription>
        </Alert>
      )}
      <PagedDataTable
        list={endpoints}
        testId="webhooks-table"
        columns={columns}
        rowName={(endpoint) => endpoint.url}
        rowProps={(endpoint) => ({ "data-testid": "webhook-row", className: cn(endpoint.id === shownId && "bg-muted/50") })}
        loadingRows={2}
        empty={canManage ? t("webhooks.empty") : t("webhooks.emptyReadOnly")}
        loadMore={{ label: t("webhooks.loadMore") }}
      />
      {shown && <DeliveriesPanel key={shown.id} endpoint={shown} canManage={canManage} onClose={() => setShownId(null)} />}
      {opened && (
        <WebhookDialog
          key={editing?.id ?? "new"}
          organizationId={organization.id}
          isMsp={organization.organizationType === "msp"}
          endpoint={editing ?? undefined}
          open={editing !== undefined}
          setOpen={(next) => !next && setEditing(undefined)}
          onCreated={setSecret}
        />
      )}
      {secret && <WebhookSecretDialog secret={secret.secret} url={secret.url} onClose={() => setSecret(null)} />}
    </div>
  );
}
