import { describe, expect, it } from "vitest";
import { diffFields, hasChange, sameValue } from "@/lib/events/diff";

// The events page's before/after diff of a configuration change, field by field.

describe("diffFields", () => {
  it("marks changed fields and lists them before the unchanged ones", () => {
    const rows = diffFields({ name: "Paris", bandwidthMbps: 500, vlan: 10 }, { name: "Paris", bandwidthMbps: 600, vlan: 10 });
    expect(rows).toEqual([
      { path: "bandwidthMbps", before: 500, after: 600, change: "changed" },
      { path: "name", before: "Paris", after: "Paris", change: "unchanged" },
      { path: "vlan", before: 10, after: 10, change: "unchanged" },
    ]);
  });

  it("flattens nested objects into dotted paths", () => {
    const before = { location: { address: "Lyon", latitude: 45.76, longitude: 4.83 } };
    const after = { location: { address: "Lyon", latitude: 45.75, longitude: 4.83 } };
    expect(diffFields(before, after).map((row) => [row.path, row.change])).toEqual([
      ["location.latitude", "changed"],
      ["location.address", "unchanged"],
      ["location.longitude", "unchanged"],
    ]);
  });

  it("tells added and removed fields from fields set to null", () => {
    const rows = diffFields({ note: "maintenance", acknowledgedBy: "Carla" }, { note: null, prefix: "10.0.0.0/24" });
    expect(rows).toEqual([
      { path: "note", before: "maintenance", after: null, change: "changed" },
      { path: "acknowledgedBy", before: "Carla", after: undefined, change: "removed" },
      { path: "prefix", before: undefined, after: "10.0.0.0/24", change: "added" },
    ]);
  });

  it("shows everything as added for a created thing and removed for a deleted one", () => {
    expect(diffFields(null, { serialNumber: "MX-1", model: "E200" }).map((row) => row.change)).toEqual(["added", "added"]);
    expect(diffFields({ serialNumber: "MX-1" }, null)).toEqual([{ path: "serialNumber", before: "MX-1", after: undefined, change: "removed" }]);
  });

  it("compares arrays as whole values", () => {
    expect(diffFields({ prefixes: ["10.0.0.0/24"] }, { prefixes: ["10.0.0.0/24"] })[0].change).toBe("unchanged");
    expect(diffFields({ prefixes: ["10.0.0.0/24"] }, { prefixes: ["10.0.0.0/24", "10.0.1.0/24"] })[0]).toMatchObject({
      path: "prefixes",
      change: "changed",
    });
  });

  it("shows a scalar before/after under value", () => {
    expect(diffFields("up", "down")).toEqual([{ path: "value", before: "up", after: "down", change: "changed" }]);
  });
});

describe("sameValue and hasChange", () => {
  it("compares JSON values deeply", () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it("an event has a change to show when it has a before or an after", () => {
    expect(hasChange({ before: null, after: null })).toBe(false);
    expect(hasChange({ before: { a: 1 }, after: null })).toBe(true);
    expect(hasChange({ before: null, after: { a: 1 } })).toBe(true);
  });
});

describe("entityLabel", () => {
  it("names the object from the change: name, then serial number, email, message; null without one", async () => {
    const { entityLabel } = await import("@/lib/events/names");
    expect(entityLabel({ before: { name: "Old" }, after: { name: "New", serialNumber: "SN1" } })).toBe("New");
    expect(entityLabel({ before: { name: "Gone" }, after: null })).toBe("Gone");
    expect(entityLabel({ before: null, after: { serialNumber: "MX-1", email: "a@b.c" } })).toBe("MX-1");
    expect(entityLabel({ before: null, after: { email: "a@b.c" } })).toBe("a@b.c");
    expect(entityLabel({ before: null, after: { message: "Port down" } })).toBe("Port down");
    expect(entityLabel({ before: null, after: { name: "  " } })).toBeNull();
    expect(entityLabel({ before: "text", after: 3 })).toBeNull();
  });
});

describe("event labels in people's words", () => {
  it("humanizes a field the catalogue lacks, and shortens an id", async () => {
    const { humanize } = await import("@/components/events/labels");
    const { shortId } = await import("@/lib/events/names");
    expect(humanize("deadPeerDetectionDelaySeconds")).toBe("Dead peer detection delay seconds");
    expect(humanize("token-issued")).toBe("Token issued");
    expect(shortId("c3a85494-0d2e-4c4b-9a55-2b7f1e0c9d11")).toBe("c3a85494");
    expect(shortId("p-1")).toBe("p-1");
  });
});
