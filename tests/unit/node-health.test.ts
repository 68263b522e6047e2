import { describe, expect, it } from "vitest";
import { classifyNodeHealth } from "@/lib/nodes/health";

describe("classifyNodeHealth", () => {
  const fine = { hasDevice: true, reachable: true, portsDown: 0, linksDown: 0 };
  it("is unknown without a device, whatever else is said", () => {
    expect(classifyNodeHealth({ ...fine, hasDevice: false, portsDown: 3 })).toBe("unknown");
  });
  it("is bad while the device is silent", () => {
    expect(classifyNodeHealth({ ...fine, reachable: false })).toBe("bad");
  });
  it("is warning with a port or a link down", () => {
    expect(classifyNodeHealth({ ...fine, portsDown: 1 })).toBe("warning");
    expect(classifyNodeHealth({ ...fine, linksDown: 1 })).toBe("warning");
  });
  it("is healthy otherwise", () => {
    expect(classifyNodeHealth(fine)).toBe("healthy");
  });
});
