import "server-only";
import { sql } from "drizzle-orm";
import { slaUnmeasuredMessage, type SlaUnmeasuredReason } from "@/lib/alarms/message";
import type { AlarmCondition } from "@/server/alarms/engine";
import { queryRows, type Db } from "@/server/db/client";

// An SLA alarm says a path's figures are beyond their limits. Once the path can no longer be measured — an end's site
// is inactive, no figures back its verdict (unknown), or it is gone — nothing will ever say the condition is over, so
// the alarm clears with a note saying why instead of staying open on a path the console shows as Unknown.

interface OpenSlaAlarmRow {
  organization_id: string;
  subject: string;
  source: string;
  path_name: string | null;
  sla_health: string | null;
  inactive_site: string | null;
}

/** Why an open SLA alarm's path can no longer be measured, or null while it can. */
export function unmeasuredReason(row: Pick<OpenSlaAlarmRow, "path_name" | "sla_health" | "inactive_site">): SlaUnmeasuredReason | null {
  if (row.path_name === null) return { reason: "pathGone" };
  if (row.inactive_site !== null) return { reason: "siteInactive", site: row.inactive_site };
  if (row.sla_health === "unknown") return { reason: "noFigures" };
  return null;
}

/** The clearing conditions of the open SLA alarms whose path can no longer be measured (one read, open alarms only). */
export async function unmeasuredSlaConditions(db: Db): Promise<AlarmCondition[]> {
  const rows = await queryRows<OpenSlaAlarmRow>(
    db,
    sql`select a.organization_id, a.subject, a.source, p.name as path_name, p.sla_health,
               case when not s.active then s.name when not d.active then d.name end as inactive_site
        from alarms a
        left join paths p on a.subject = 'path:' || p.id
        left join sites s on s.id = p.source_site_id
        left join sites d on d.id = p.destination_site_id
        where a.type = 'sla-bad' and a.cleared_at is null and a.subject like 'path:%'`,
  );
  const conditions: AlarmCondition[] = [];
  for (const row of rows) {
    const why = unmeasuredReason(row);
    if (!why) continue;
    conditions.push({
      organizationId: row.organization_id,
      type: "sla-bad",
      subject: row.subject,
      active: false,
      severity: "major",
      message: slaUnmeasuredMessage(row.path_name ?? row.source, why),
      clearedReason: slaUnmeasuredMessage(row.path_name ?? row.source, why),
      source: row.source,
      nodeId: null,
    });
  }
  return conditions;
}
