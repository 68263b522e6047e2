import { describe, expect, it } from "vitest";
import { lifecycleOperationCreateSchema } from "@/lib/lifecycle/schema";

// The schedule dialog and POST /lifecycle/operation share one schema: every SPEC §5 message at once, not one by one.

const issues = (input: unknown) =>
  lifecycleOperationCreateSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("lifecycleOperationCreateSchema", () => {
  it("says the node and the version are required together", () => {
    expect(issues({ deviceIds: [], operation: "install-version", version: "", start: "now" })).toEqual([
      ["deviceIds", "validation.nodeRequired"],
      ["version", "validation.versionRequired"],
    ]);
  });

  it("asks a Later start for its time even when the devices are missing", () => {
    expect(issues({ deviceIds: [], operation: "reboot", start: "later", scheduledAt: "" })).toEqual([
      ["deviceIds", "validation.nodeRequired"],
      ["scheduledAt", "validation.scheduledAtRequired"],
    ]);
  });

  it("gives the API what it stores: the version of an install only, the start of a Later only", () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect(lifecycleOperationCreateSchema.parse({ deviceIds: ["d1", "d1"], operation: "reboot", version: "9", start: "later", scheduledAt: at })).toEqual({
      deviceIds: ["d1"],
      operation: "reboot",
      version: null,
      start: "later",
      scheduledAt: new Date(at),
    });
    expect(lifecycleOperationCreateSchema.parse({ deviceIds: ["d1"], operation: "install-version", version: " 24.3.2 ", start: "now", scheduledAt: at })).toEqual({
      deviceIds: ["d1"],
      operation: "install-version",
      version: "24.3.2",
      start: "now",
      scheduledAt: undefined,
    });
  });

  it("does not fail on a body that is not an object", () => {
    expect(lifecycleOperationCreateSchema.safeParse(null).success).toBe(false);
    expect(lifecycleOperationCreateSchema.safeParse("reboot").success).toBe(false);
  });
});
