"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { AlarmSeverityBadge } from "@/components/alarms/alarm-severity-badge";
import { PagedList, usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { CardMessage, CardSkeleton, DashboardCard } from "@/components/dashboard/dashboard-card";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { useEventEntityKindLabel, useEventTypeLabel } from "@/components/events/labels";
import { translateAlarmMessage } from "@/lib/alarms/message";
import { entityLabel, shortId } from "@/lib/events/names";
import { eventsQueryOptions, type EventRow } from "@/lib/events/queries";
import { nodeQueryOptions, nodeStatusQueryOptions } from "@/lib/nodes/queries";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { organizationPath } from "@/lib/routes";
import { ConnectedSitesCard } from "./connected-sites-card";
import { DeviceCard } from "./device-card";
import { NodeHealth } from "./node-health";
import { NodeSummary } from "./node-summary";

export const OVERVIEW_EVENTS = 6;

/** The node's health and why, and its open alarms (the latest few; the alarms page has them all). */
function HealthCard({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes.overview");
  const catalogue = useTranslations();
  const { organization } = useConsole();
  const status = useQuery(nodeStatusQueryOptions(nodeId));
  const data = status.data;
  return (
    <DashboardCard
      title={t("health")}
      testId="node-status"
      actions={
        <IntentLink href={organizationPath(organization.id, "alarms")} className="text-xs text-muted-foreground hover:text-foreground hover:underline">
          {t("allAlarms")}
        </IntentLink>
      }
    >
      {status.isPending ? (
        <CardSkeleton rows={3} />
      ) : status.isError ? (
        <CardMessage tone="error">{t("loadError", { error: status.error.message })}</CardMessage>
      ) : data ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <NodeHealth health={data.health} />
            <span className="text-muted-foreground">{t(`reason.${data.health}`, { ports: data.portsDown, links: data.linksDown })}</span>
          </div>
          <div className="grid gap-2">
            <h3 className="text-xs font-medium text-muted-foreground">{t("openAlarms", { count: data.openAlarmCount })}</h3>
            {data.openAlarms.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("noAlarms")}</p>
            ) : (
              <ul className="grid gap-2" data-testid="node-alarms">
                {data.openAlarms.map((alarm) => (
                  <li key={alarm.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <AlarmSeverityBadge severity={alarm.severity} />
                      {/* Stored as a catalogue message: read in the reader's language. */}
                      <span className="truncate">{translateAlarmMessage(catalogue, alarm.message)}</span>
                    </span>
                    <Timestamp value={alarm.raisedAt} seconds={false} className="text-xs text-muted-foreground" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </DashboardCard>
  );
}

/** One of a node's events as people say it: what happened, to what, who did it (the system for the engine's), when. */
function RecentEvent({ event }: { event: EventRow }) {
  const t = useTranslations("events");
  const catalogue = useTranslations();
  const typeLabel = useEventTypeLabel();
  const kindLabel = useEventEntityKindLabel();
  const stored = event.entityName ?? entityLabel(event);
  const name = stored ? translateAlarmMessage(catalogue, stored) : shortId(event.entityId);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-0.5 text-sm" data-testid="node-event" data-type={event.type}>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{typeLabel(event.type)}</span>
        <span className="block truncate text-xs text-muted-foreground" title={name}>
          {t("entity", { kind: kindLabel(event.entityType), name })} · {event.actor ?? t("system")}
        </span>
      </span>
      <Timestamp value={event.timestamp} seconds={false} className="text-xs text-muted-foreground" />
    </li>
  );
}

/** The node's latest configuration and state events. */
function RecentEvents({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes.overview");
  const { organization, user } = useConsole();
  const events = usePagedList(() => eventsQueryOptions({ nodeId }, consoleOrganizationFilter(organization.id, user.organizationId)));
  return (
    <DashboardCard
      title={t("events")}
      testId="node-events"
      actions={
        <IntentLink
          href={`${organizationPath(organization.id, "events")}?nodeId=${encodeURIComponent(nodeId)}`}
          className="text-xs text-muted-foreground hover:text-foreground hover:underline"
        >
          {t("allEvents")}
        </IntentLink>
      }
    >
      <PagedList
        list={events}
        loading={<CardSkeleton rows={3} />}
        failure={(message) => <CardMessage tone="error">{t("loadError", { error: message })}</CardMessage>}
        empty={<CardMessage>{t("noEvents")}</CardMessage>}
      >
        {(rows) => (
          <ul className="grid gap-2">
            {rows.slice(0, OVERVIEW_EVENTS).map((event) => (
              <RecentEvent key={event.id} event={event} />
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardCard>
  );
}

/** A node's overview (SPEC §2 default page): what it is, its device, health, open alarms, events, whom it serves. */
export function NodeOverview({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes.overview");
  const node = useQuery(nodeQueryOptions(nodeId));
  if (!node.data) return null;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <DashboardCard title={t("about")} testId="node-about">
        <NodeSummary node={node.data} />
      </DashboardCard>
      <DeviceCard nodeId={nodeId} />
      <HealthCard nodeId={nodeId} />
      <ConnectedSitesCard nodeId={nodeId} title={t("served")} />
      <div className="lg:col-span-2">
        <RecentEvents nodeId={nodeId} />
      </div>
    </div>
  );
}
