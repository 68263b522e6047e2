import "server-only";
import type { ChangeRecord } from "./record";

interface AuditedRow {
  id: string;
  organizationId: string;
  nodeId?: string | null;
}

/** One change per row of a batch, each with the row as it was before (null when it was not there) and after. */
export async function recordBatch<T extends AuditedRow>(
  record: (change: ChangeRecord) => Promise<void>,
  change: Pick<ChangeRecord, "entityType" | "type">,
  rows: { before: T[]; after: T[] },
  snapshot: (row: T) => unknown,
): Promise<void> {
  const beforeById = new Map(rows.before.map((row) => [row.id, row]));
  for (const after of rows.after) {
    const before = beforeById.get(after.id);
    await record({
      ...change,
      organizationId: after.organizationId,
      entityId: after.id,
      nodeId: after.nodeId,
      before: before ? snapshot(before) : null,
      after: snapshot(after),
    });
  }
}
