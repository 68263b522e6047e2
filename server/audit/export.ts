import "server-only";
import type { AuditEntry, AuditSearch } from "@/lib/audit/schema";
import { actorText, changeText, kindLabel, type Translate } from "@/lib/audit/render";
import type { AuditFormat } from "@/lib/audit/search";
import { eventTypeLabelKey } from "@/lib/events/types";
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { ServiceContext } from "@/server/core/service-context";
import { listVisibleOrganizations } from "@/server/core/tenancy";
import type { CsvColumn } from "@/server/csv/columns";
import { csvStream } from "@/server/csv/writer";
import { auditPages } from "./service";

// The audit log's exports: exactly the rows its filter shows, as CSV (in the reader's words and language, through the
// console's one CSV writer, server/csv/writer.ts) or JSON (the API's entries), written a page at a time as the client
// reads them (a pull stream: memory stays flat however many rows there are).

const CSV_COLUMNS = ["time", "organization", "user", "action", "kind", "object", "objectId", "changes", "requestId"] as const;

/** The CSV's columns, headed in the reader's language (an audit export is read, never imported back). */
function auditColumns(t: Translate, names: Map<string, string>): CsvColumn<AuditEntry>[] {
  const cells: Record<(typeof CSV_COLUMNS)[number], (entry: AuditEntry) => string> = {
    time: (entry) => entry.timestamp,
    organization: (entry) => names.get(entry.organizationId) ?? entry.organizationId,
    user: (entry) => actorText(t, entry.actor),
    action: (entry) => {
      const type = eventTypeLabelKey(entry.type);
      return type ? t(type) : entry.type;
    },
    kind: (entry) => kindLabel(t, entry.entityType),
    object: (entry) => entry.entityName ?? "",
    objectId: (entry) => entry.entityId,
    changes: (entry) => entry.changes.map((change) => changeText(t, change)).join("; "),
    requestId: (entry) => entry.requestId ?? "",
  };
  return CSV_COLUMNS.map((column) => ({ header: t(`audit.columns.${column}`), value: cells[column] }));
}

/** The entries as a JSON array, a page at a time as the client reads. */
function jsonStream(pages: AsyncIterator<AuditEntry[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.enqueue(encoder.encode("\n]\n"));
        return controller.close();
      }
      let text = "";
      for (const entry of next.value) {
        text += `${first ? "\n" : ",\n"}${JSON.stringify(entry)}`;
        first = false;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return?.();
    },
  });
}

export interface AuditExport {
  contentType: string;
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** The export of a search in a console; a console out of sight throws before anything is written (404). */
export async function exportAudit(context: ServiceContext, organizationId: string, search: AuditSearch, format: AuditFormat, locale: Locale): Promise<AuditExport> {
  const pages = await auditPages(context, organizationId, search);
  const t = translatorFor(locale) as unknown as Translate;
  const names = new Map((await listVisibleOrganizations(context.db, context.principal)).map((org) => [org.id, org.name]));
  const body = format === "csv" ? csvStream(auditColumns(t, names), pages) : jsonStream(pages[Symbol.asyncIterator]());
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return { contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8", filename: `audit-${stamp}.${format}`, body };
}
