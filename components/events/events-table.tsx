"use client";

import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { SortableHead, type TableSorting } from "@/components/common/data-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import type { EventRow } from "@/lib/events/queries";
import { eventEntityHref } from "@/lib/events/links";
import { entityLabel, shortId } from "@/lib/events/names";
import { cn } from "@/lib/utils";
import { translateAlarmMessage } from "@/lib/alarms/message";
import { hasChange } from "@/lib/events/diff";
import { EventDiff } from "./event-diff";
import { useEventEntityKindLabel, useEventTypeLabel } from "./labels";
import { Timestamp } from "@/components/common/timestamp";

const COLUMNS = 5;

/** Events, newest first; a configuration change opens to its before/after. */
export function EventsTable({
  events,
  organizationName,
  onNode,
  empty,
  sorting,
}: {
  events: EventRow[];
  organizationName?: (organizationId: string) => string;
  /** Narrows the list to one node's events (by its name). */
  onNode: (node: string) => void;
  empty: React.ReactNode;
  sorting?: TableSorting;
}) {
  const t = useTranslations("events");
  const catalogue = useTranslations();
  // An alarm's label is its message, stored as a catalogue message: shown in the reader's language.
  const translateStoredText = (text: string) => translateAlarmMessage(catalogue, text);
  const typeLabel = useEventTypeLabel();
  const kindLabel = useEventEntityKindLabel();
  const { organizations, user } = useConsole();
  const owners = new Map(organizations.map((organization) => [organization.id, organization]));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (eventId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(eventId)) next.add(eventId);
      return next;
    });
  const columns = COLUMNS + (organizationName ? 1 : 0);
  return (
    <Table data-testid="events-table" className="[&_td]:py-2">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10 pl-3">
            <span className="sr-only">{t("columns.details")}</span>
          </TableHead>
          {sorting ? (
            <SortableHead sort="time" sorting={sorting}>
              {t("columns.time")}
            </SortableHead>
          ) : (
            <TableHead>{t("columns.time")}</TableHead>
          )}
          <TableHead>{t("columns.type")}</TableHead>
          <TableHead>{t("columns.entity")}</TableHead>
          <TableHead className="pr-4">{t("columns.actor")}</TableHead>
          {organizationName && <TableHead className="pr-4">{t("columns.organization")}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns} className="py-12 text-center whitespace-normal text-muted-foreground" data-testid="events-empty">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {events.map((event) => {
          const expandable = hasChange(event);
          const expanded = expandable && open.has(event.id);
          const detailsId = `event-${event.id}-details`;
          const { node } = event;
          // The name stored with the event (its object's name then), else its snapshot's; an alarm's is its message.
          const storedLabel = event.entityName ?? entityLabel(event);
          const name = storedLabel ? translateStoredText(storedLabel) : null;
          const href = eventEntityHref(event, owners.get(event.organizationId), user.scopes);
          return (
            <Fragment key={event.id}>
              <TableRow
                data-testid="event-row"
                data-event-id={event.id}
                data-timestamp={event.timestamp}
                className={cn(expanded && "border-b-0 bg-muted/40", expandable && "cursor-pointer")}
                onClick={expandable ? () => toggle(event.id) : undefined}
              >
                <TableCell className="pl-3">
                  {expandable && (
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={expanded ? t("hideChange") : t("showChange")}
                      onClick={(click) => {
                        click.stopPropagation();
                        toggle(event.id);
                      }}
                      className="flex size-6 items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      data-testid="event-expand"
                    >
                      <ChevronRight aria-hidden className={cn("size-4 transition-transform", expanded && "rotate-90")} />
                    </button>
                  )}
                </TableCell>
                <TableCell className="text-muted-foreground tabular-nums">
                  <Timestamp value={event.timestamp} />
                </TableCell>
                <TableCell className="max-w-56">
                  <span className="block truncate font-medium" data-testid="event-type-label" data-type={event.type}>
                    {typeLabel(event.type)}
                  </span>
                  {/* The code, as the API and its type filter take it. */}
                  <span className="block truncate font-mono text-xs text-muted-foreground" title={t("typeCode", { code: event.type })}>
                    {event.type}
                  </span>
                </TableCell>
                <TableCell className="max-w-64">
                  <span className="block truncate" title={name ?? event.entityId} data-testid="event-entity" data-entity-id={event.entityId}>
                    <span className="text-muted-foreground">{kindLabel(event.entityType)} </span>
                    {href ? (
                      <IntentLink href={href} onClick={(click) => click.stopPropagation()} className="font-medium text-primary underline-offset-4 hover:underline">
                        {name ?? shortId(event.entityId)}
                      </IntentLink>
                    ) : (
                      <span className="font-medium">{name ?? shortId(event.entityId)}</span>
                    )}
                  </span>
                  {/* Without a name, the id itself tells the object apart (and can be copied). */}
                  {!name && (
                    <span className="block truncate font-mono text-xs text-muted-foreground" title={event.entityId}>
                      {event.entityId}
                    </span>
                  )}
                  {node && (
                    <button
                      type="button"
                      onClick={(click) => {
                        click.stopPropagation();
                        onNode(node.name);
                      }}
                      className="mt-0.5 block max-w-full truncate text-left text-xs text-primary underline-offset-4 hover:underline"
                      title={t("filterByNode")}
                      data-testid="event-node-filter"
                    >
                      {t("onNode", { node: node.name })}
                    </button>
                  )}
                </TableCell>
                <TableCell className="pr-4">
                  <span className="block">{event.actor ?? t("system")}</span>
                  <span className="block max-w-64 truncate text-xs text-muted-foreground" title={event.source} data-testid="event-source">
                    <span className="sr-only">{t("columns.source")}: </span>
                    {event.source}
                  </span>
                </TableCell>
                {organizationName && <TableCell className="pr-4">{organizationName(event.organizationId)}</TableCell>}
              </TableRow>
              {expanded && (
                <TableRow id={detailsId} className="bg-muted/40 hover:bg-muted/40" data-testid="event-details">
                  <TableCell colSpan={columns} className="px-4 pt-0 pb-4 whitespace-normal">
                    <div className="rounded-md border bg-card p-3">
                      <EventDiff before={event.before} after={event.after} />
                    </div>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
