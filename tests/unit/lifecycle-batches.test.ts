import { describe, expect, it } from "vitest";
import { lifecycleBatches } from "@/lib/lifecycle/batches";
import { lifecycleOperation } from "../fixtures/lifecycle-operation";

const operation = lifecycleOperation;

describe("lifecycleBatches", () => {
  it("groups what one schedule created, with the SPEC's summary of each group", () => {
    const batches = lifecycleBatches([
      operation("a", "success"),
      operation("b", "success"),
      operation("c", "failed", { scheduledAt: "2026-11-30T02:00:00.000Z" }),
      operation("d", "success", { scheduledAt: "2026-11-30T02:00:00.000Z" }),
      operation("e", "cancelled", { operation: "reboot", version: null, scheduledAt: "2026-11-29T02:00:00.000Z" }),
    ]);
    expect(batches.map((batch) => batch.operations.map((item) => item.id))).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(batches.map((batch) => batch.summary)).toEqual([
      { key: "lifecycle.summary.allSuccess", values: { failed: 0, total: 2 } },
      { key: "lifecycle.summary.someFailed", values: { failed: 1, total: 2 } },
      { key: "lifecycle.summary.allCancelled", values: { failed: 0, total: 1 } },
    ]);
  });

  it("keeps apart operations of other people, operations or versions at the same time", () => {
    const batches = lifecycleBatches([
      operation("a", "success"),
      operation("b", "success", { createdBy: "Conor Configure" }),
      operation("c", "success", { version: "24.3.3" }),
      operation("d", "success", { operation: "reboot", version: null }),
      operation("e", "success"),
    ]);
    expect(batches.map((batch) => batch.operations.map((item) => item.id))).toEqual([["a", "e"], ["b"], ["c"], ["d"]]);
  });

  it("has no summary while some of the batch is still scheduled or running, and says how many", () => {
    const [running, over] = lifecycleBatches([
      operation("a", "success", { batchUnfinished: 1 }),
      operation("b", "success", { batchUnfinished: 1 }),
      operation("c", "success", { scheduledAt: "2026-11-30T02:00:00.000Z", batchUnfinished: 0 }),
      operation("d", "success", { scheduledAt: "2026-11-30T02:00:00.000Z", batchUnfinished: 0 }),
    ]);
    expect(running).toMatchObject({ unfinished: 1, summary: null });
    expect(over).toMatchObject({ unfinished: 0, summary: { key: "lifecycle.summary.allSuccess" } });
  });

  it("has no summary while a case does not fit (a success and a cancellation)", () => {
    const [batch] = lifecycleBatches([operation("a", "success"), operation("b", "cancelled")]);
    expect(batch.summary).toBeNull();
  });
});
