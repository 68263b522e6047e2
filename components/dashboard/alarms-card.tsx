"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { AlarmSeverityBadge } from "@/components/alarms/alarm-severity-badge";
import { PagedList, usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { translateAlarmMessage } from "@/lib/alarms/message";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { cardQueries } from "@/lib/dashboard/card-queries";

export const DASHBOARD_ALARMS = 5;

/** The customer's unacknowledged alarms (as the alarms page opens), the latest few, with a link to them all. */
export function AlarmsCard({ organizationId, alarmsHref }: { organizationId: string; alarmsHref: string }) {
  const t = useTranslations("dashboard");
  const catalogue = useTranslations();
  // The customer's own alarms: the API answers an organization's (a customer manages no other).
  const list = usePagedList(() => cardQueries.alarms(organizationId));
  const alarms = list.rows;
  const open = alarms.filter((alarm) => alarm.clearedAt === null);
  const more = list.query.hasNextPage ? "+" : "";
  return (
    <DashboardCard
      title={t("alarms")}
      subtitle={t("alarmsSubtitle", { open: `${open.length}${more}`, total: `${alarms.length}${more}` })}
      testId="alarms-card"
      actions={
        <Link href={alarmsHref} className="text-xs font-medium text-primary hover:underline" data-testid="all-alarms">
          {t("allAlarms")}
        </Link>
      }
    >
      <PagedList
        list={list}
        loading={<CardSkeleton />}
        failure={(message) => <CardMessage tone="error">{t("loadError", { error: message })}</CardMessage>}
        empty={<CardMessage>{t("noAlarms")}</CardMessage>}
      >
        {(rows) => (
          <ul className="-mx-4 divide-y text-xs">
            {rows.slice(0, DASHBOARD_ALARMS).map((alarm) => {
              // Prefetched on the server, an alarm holds its stored (catalogue-encoded) message.
              const message = translateAlarmMessage(catalogue, alarm.message);
              return (
                <li key={alarm.id} className="flex items-start gap-2 px-4 py-2" data-testid="dashboard-alarm">
                  <AlarmSeverityBadge severity={alarm.severity} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate" title={message}>
                      {message}
                    </span>
                    <span className="text-muted-foreground">
                      <Timestamp value={alarm.raisedAt} seconds={false} />
                      {alarm.clearedAt && ` · ${t("cleared")}`}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    </DashboardCard>
  );
}
