import { describe, expect, it } from "vitest";
import { deviceKind, modelTakesVersion, releasesFor } from "@/lib/inventory/models";

// The device models' catalogue (issue 42): the kind of node a model is built to be (the assign dialog offers only
// those), and the versions it may take (the lifecycle dialogs offer its releases, the API refuses other trains).

describe("the device models' catalogue", () => {
  it("knows the demo's models in any case, and nothing of another", () => {
    expect([deviceKind("E200"), deviceKind("e400"), deviceKind(" C100 "), deviceKind("C9000")]).toEqual(["edge", "edge", "cpe", "core"]);
    expect(deviceKind("X9")).toBeNull();
    expect(deviceKind("")).toBeNull();
    expect(deviceKind(null)).toBeNull();
  });

  it("lets a model take the versions of its trains only, and an unknown model any", () => {
    expect(modelTakesVersion("E200", "25.1.12345")).toBe(true);
    expect(modelTakesVersion("E200", "26.0.0-faulty")).toBe(true);
    expect(modelTakesVersion("E200", "27.0")).toBe(false);
    expect(modelTakesVersion("C100", "9.9")).toBe(false);
    expect(modelTakesVersion("C100", "release-25")).toBe(false);
    expect(modelTakesVersion("X9", "99.0")).toBe(true);
  });

  it("offers the releases every known model of the choice may take, newest first", () => {
    expect(releasesFor(["E200"])[0]).toBe("25.2.0");
    // C100 has no 25.2.0: a choice with both is offered the releases they share.
    expect(releasesFor(["E200", "c100"])).toEqual(["25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"]);
    expect(releasesFor(["E200", "X9"])).toEqual(releasesFor(["E200"]));
    expect(releasesFor(["X9"])).toEqual([]);
    expect(releasesFor([])).toEqual([]);
    for (const model of ["E200", "E400", "C100", "C9000"]) expect(releasesFor([model]).every((release) => modelTakesVersion(model, release))).toBe(true);
  });
});
