import { describe, expect, it } from "vitest";
import { changedFields, snapshotName } from "@/server/assistant/queries";

describe("a change as the assistant tells it", () => {
  it("lists the fields that changed, before → after, with nothing, empty text and an empty list all as —", () => {
    const created = changedFields(null, { id: "p1", name: "Lyon ⇄ Paris", layer: "layer2", prefix: [], description: "", vlanId: 3302 });
    expect(created).toEqual([
      { field: "name", before: "—", after: "Lyon ⇄ Paris" },
      { field: "layer", before: "—", after: "layer2" },
      { field: "vlanId", before: "—", after: "3302" },
    ]);
    expect(changedFields({ bandwidth: 50, prefix: ["10.0.0.0/24"], updatedAt: "a" }, { bandwidth: 100, prefix: [], updatedAt: "b" })).toEqual([
      { field: "bandwidth", before: "50", after: "100" },
      { field: "prefix", before: '["10.0.0.0/24"]', after: "—" },
    ]);
    expect(changedFields({ apiKey: "x" }, { apiKey: "y" })).toEqual([]);
  });

  it("names the object from its snapshot: after the change, or before it for a deletion", () => {
    expect(snapshotName(null, { name: "Lyon DC" })).toBe("Lyon DC");
    expect(snapshotName({ name: "Old" }, null)).toBe("Old");
    expect(snapshotName({ name: "Old" }, { name: "New" })).toBe("New");
    expect(snapshotName({ serial: "MX" }, { name: "  " })).toBeNull();
  });
});
