"use client";

import { useTranslations } from "next-intl";
import { Timestamp } from "@/components/common/timestamp";
import { useEventTypeLabel } from "@/components/events/labels";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AuditRow } from "@/lib/audit/queries";
import { actorText, fieldLabel, kindLabel, valueText, type Translate } from "@/lib/audit/render";
import { translateAlarmMessage } from "@/lib/alarms/message";
import { eventEntityHref } from "@/lib/events/links";
import { shortId } from "@/lib/events/names";

/** The audit log's rows: when, who, what they did to which object (a link while it exists), and what changed. */
export function AuditTable({ rows, organizationName, empty }: { rows: AuditRow[]; organizationName?: (organizationId: string) => string; empty: React.ReactNode }) {
  const t = useTranslations("audit");
  const catalogue = useTranslations() as unknown as Translate;
  const typeLabel = useEventTypeLabel();
  const { organizations, user } = useConsole();
  const owners = new Map(organizations.map((organization) => [organization.id, organization]));
  const columns = organizationName ? 6 : 5;
  return (
    <Table data-testid="audit-table" className="[&_td]:py-2 [&_td]:align-top">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-3">{t("columns.time")}</TableHead>
          <TableHead>{t("columns.user")}</TableHead>
          <TableHead>{t("columns.action")}</TableHead>
          <TableHead>{t("columns.object")}</TableHead>
          <TableHead className="pr-4">{t("columns.changes")}</TableHead>
          {organizationName && <TableHead className="pr-4">{t("columns.organization")}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns} className="py-12 text-center whitespace-normal text-muted-foreground" data-testid="audit-empty">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => {
          const href = eventEntityHref(row, owners.get(row.organizationId), user.scopes);
          // An alarm's name is its message, stored as a catalogue message: read in the reader's language.
          const name = row.entityName ? translateAlarmMessage(catalogue as never, row.entityName) : shortId(row.entityId);
          return (
            <TableRow key={row.id} data-testid="audit-row" data-event-id={row.id} data-type={row.type}>
              <TableCell className="pl-3 text-muted-foreground tabular-nums">
                <Timestamp value={row.timestamp} />
              </TableCell>
              <TableCell className="max-w-56">
                <span className="block truncate" data-testid="audit-actor" title={row.actor.email ?? undefined}>
                  {actorText(catalogue, row.actor)}
                </span>
              </TableCell>
              <TableCell className="max-w-48">
                <span className="block truncate font-medium" data-testid="audit-action">
                  {typeLabel(row.type)}
                </span>
              </TableCell>
              <TableCell className="max-w-64">
                <span className="block truncate" title={row.entityName ?? row.entityId} data-testid="audit-object" data-entity-id={row.entityId}>
                  <span className="text-muted-foreground">{kindLabel(catalogue, row.entityType)} </span>
                  {href ? (
                    <IntentLink href={href} className="font-medium text-primary underline-offset-4 hover:underline">
                      {name}
                    </IntentLink>
                  ) : (
                    <span className="font-medium">{name}</span>
                  )}
                </span>
              </TableCell>
              <TableCell className="pr-4 whitespace-normal">
                {row.changes.length === 0 ? (
                  <span className="text-muted-foreground">{t("noFieldChanged")}</span>
                ) : (
                  <ul className="flex flex-col gap-0.5 text-sm" data-testid="audit-changes">
                    {row.changes.map((change) => (
                      <li key={change.field} data-testid="audit-change" data-field={change.field}>
                        <span className="text-muted-foreground">{fieldLabel(catalogue, change.field)}: </span>
                        <span className="break-all line-through decoration-muted-foreground/60" data-testid="audit-before">
                          {valueText(catalogue, change.before)}
                        </span>
                        <span aria-hidden> → </span>
                        <span className="sr-only"> {t("becomes")} </span>
                        <span className="break-all font-medium" data-testid="audit-after">
                          {valueText(catalogue, change.after)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
              {organizationName && <TableCell className="pr-4">{organizationName(row.organizationId)}</TableCell>}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
