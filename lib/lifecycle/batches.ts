import type { LifecycleOperation } from "./schema";
import { lifecycleSummaryMessage } from "./summary";

// The Finished tab's summaries (SPEC §4: all succeeded, all cancelled, some failed) are about a batch: the operations
// one schedule created together — the same person, operation, version and start time (the API gives every device of
// one schedule the same start). An operation moved to another time on its own leaves its batch.

export interface LifecycleBatch {
  key: string;
  operations: LifecycleOperation[];
  /** The batch's summary message, or null while none of the cases fits or some of it is not over. */
  summary: ReturnType<typeof lifecycleSummaryMessage>;
  /** Its operations still scheduled or running (not on this tab), as the API counts them. */
  unfinished: number;
}

export const batchKey = (operation: LifecycleOperation) =>
  [operation.createdBy ?? "", operation.operation, operation.version ?? "", operation.scheduledAt].join("\u0000");

/** The operations in batches, in the order they come (a batch where its first operation is). */
export function lifecycleBatches(operations: readonly LifecycleOperation[]): LifecycleBatch[] {
  const batches = new Map<string, LifecycleOperation[]>();
  for (const operation of operations) {
    const key = batchKey(operation);
    const batch = batches.get(key);
    if (batch) batch.push(operation);
    else batches.set(key, [operation]);
  }
  return [...batches].map(([key, members]) => {
    const unfinished = Math.max(0, ...members.map((operation) => operation.batchUnfinished ?? 0));
    return { key, operations: members, unfinished, summary: unfinished > 0 ? null : lifecycleSummaryMessage(members.map((operation) => operation.status)) };
  });
}
