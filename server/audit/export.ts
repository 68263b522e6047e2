import "server-only";
import type { AuditSearch } from "@/lib/audit/schema";
import { actorText, changeText, kindLabel, type Translate } from "@/lib/audit/render";
import type { AuditFormat } from "@/lib/audit/search";
import { eventTypeLabelKey } from "@/lib/events/types";
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { ServiceContext } from "@/server/core/service-context";
import { listVisibleOrganizations } from "@/server/core/tenancy";
import { auditPages } from "./service";

// The audit log's exports: exactly the rows its filter shows, as CSV (in the reader's words and language) or JSON (the
// API's entries), written a page at a time as the client reads them (a pull stream: memory stays flat however many
// rows there are). The CSV writing is small and kept here until it moves onto the shared CSV module.

const CSV_COLUMNS = ["time", "organization", "user", "action", "kind", "object", "objectId", "changes", "requestId"] as const;

/** A CSV cell: quoted when it must be, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

export interface AuditExport {
  contentType: string;
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** The export of a search in a console; a console out of sight throws before anything is written (404). */
export async function exportAudit(context: ServiceContext, organizationId: string, search: AuditSearch, format: AuditFormat, locale: Locale): Promise<AuditExport> {
  const pages = (await auditPages(context, organizationId, search))[Symbol.asyncIterator]();
  const t = translatorFor(locale) as unknown as Translate;
  const names = new Map((await listVisibleOrganizations(context.db, context.principal)).map((org) => [org.id, org.name]));
  const encoder = new TextEncoder();
  let started = false;
  let first = true;
  const head = () => (format === "csv" ? `\uFEFF${csvLine(CSV_COLUMNS.map((column) => t(`audit.columns.${column}`)))}` : "[");
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = started ? "" : head();
      started = true;
      const next = await pages.next();
      if (next.done) {
        controller.enqueue(encoder.encode(format === "csv" ? text : `${text}\n]\n`));
        controller.close();
        return;
      }
      for (const entry of next.value) {
        if (format === "json") {
          text += `${first ? "\n" : ",\n"}${JSON.stringify(entry)}`;
          first = false;
          continue;
        }
        const type = eventTypeLabelKey(entry.type);
        text += csvLine([
          entry.timestamp,
          names.get(entry.organizationId) ?? entry.organizationId,
          actorText(t, entry.actor),
          type ? t(type) : entry.type,
          kindLabel(t, entry.entityType),
          entry.entityName ?? "",
          entry.entityId,
          entry.changes.map((change) => changeText(t, change)).join("; "),
          entry.requestId ?? "",
        ]);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return?.();
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return { contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8", filename: `audit-${stamp}.${format}`, body };
}
