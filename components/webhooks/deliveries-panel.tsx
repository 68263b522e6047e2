"use client";

import { RotateCw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/utils";
import type { WebhookDeliveryStatus } from "@/lib/webhooks/constants";
import { deliveriesQueryOptions, useRedeliver } from "@/lib/webhooks/queries";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/webhooks/schema";

const STATUS_CLASS: Record<WebhookDeliveryStatus, string> = {
  pending: "border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300",
  succeeded: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  failed: "border-transparent bg-destructive/15 text-destructive",
};

function Status({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslations("webhooks.deliveries");
  return (
    <div className="flex flex-col gap-1">
      <Badge variant="outline" className={cn("w-fit", STATUS_CLASS[delivery.status])} data-testid="webhook-delivery-status">
        {t(`status.${delivery.status}`)}
        {delivery.lastStatusCode !== null && ` · ${delivery.lastStatusCode}`}
      </Badge>
      {delivery.status === "pending" && delivery.attempts > 0 && delivery.nextAttemptAt && (
        <span className="text-xs text-muted-foreground">
          {t.rich("nextAttempt", { time: () => <Timestamp value={delivery.nextAttemptAt!} seconds={false} /> })}
        </span>
      )}
    </div>
  );
}

/** The deliveries log of one endpoint, newest first: status, attempts, duration, what the receiver answered; Redeliver. */
export function DeliveriesPanel({ endpoint, canManage, onClose }: { endpoint: WebhookEndpoint; canManage: boolean; onClose: () => void }) {
  const t = useTranslations("webhooks.deliveries");
  const list = usePagedList(() => deliveriesQueryOptions(endpoint.id));
  const redeliver = useRedeliver(endpoint.id);
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      id: "time",
      label: t("columns.time"),
      headClassName: "pl-4",
      cellClassName: "pl-4 text-muted-foreground",
      cell: (delivery) => <Timestamp value={delivery.lastAttemptAt ?? delivery.createdAt} />,
    },
    { id: "event", label: t("columns.event"), cellClassName: "font-mono text-xs", cell: (delivery) => <span data-testid="webhook-delivery-event">{delivery.eventType}</span> },
    { id: "status", label: t("columns.status"), cell: (delivery) => <Status delivery={delivery} /> },
    { id: "attempts", label: t("columns.attempts"), priority: 2, cell: (delivery) => <span data-testid="webhook-delivery-attempts">{delivery.attempts}</span> },
    {
      id: "duration",
      label: t("columns.duration"),
      priority: 3,
      cellClassName: "text-muted-foreground",
      cell: (delivery) => (delivery.lastDurationMs === null ? "—" : t("durationMs", { ms: delivery.lastDurationMs })),
    },
    {
      id: "response",
      label: t("columns.response"),
      priority: 2,
      cellClassName: "max-w-64 truncate font-mono text-xs",
      cell: (delivery) => (
        <span title={delivery.lastError ?? delivery.lastResponse ?? ""} data-testid="webhook-delivery-response">
          {delivery.lastError ?? delivery.lastResponse ?? "—"}
        </span>
      ),
    },
    {
      id: "actions",
      label: t("columns.actions"),
      labelHidden: true,
      cellClassName: "text-right",
      cell: (delivery) =>
        canManage &&
        delivery.status !== "pending" && (
          <Button
            variant="outline"
            size="sm"
            busy={redeliver.isPending && redeliver.variables === delivery.id}
            aria-label={t("redeliverLabel", { event: delivery.eventType, time: delivery.createdAt })}
            data-testid="webhook-redeliver"
            onClick={() =>
              redeliver.mutate(delivery.id, {
                onSuccess: () => toast.success(t("redelivered")),
                onError: (error) => toast.failure(error),
              })
            }
          >
            <RotateCw aria-hidden />
            {t("redeliver")}
          </Button>
        ),
    },
  ];
  return (
    <section className="flex flex-col gap-3" aria-label={t("title", { url: endpoint.url })} data-testid="webhook-deliveries">
      <div className="flex items-center justify-between gap-2">
        <h2 className="min-w-0 truncate text-lg font-semibold" title={endpoint.url}>
          {t("title", { url: endpoint.url })}
        </h2>
        <Button variant="ghost" size="icon" aria-label={t("close")} title={t("close")} onClick={onClose} data-testid="webhook-deliveries-close">
          <X aria-hidden />
        </Button>
      </div>
      <PagedDataTable
        list={list}
        testId="webhook-deliveries-table"
        columns={columns}
        rowName={(delivery) => `${delivery.eventType} ${delivery.createdAt}`}
        rowProps={(delivery) => ({ "data-testid": "webhook-delivery-row", "data-delivery-id": delivery.id })}
        loadingRows={3}
        empty={t("empty")}
        loadMore={{ label: t("loadMore") }}
      />
    </section>
  );
}
