import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useRehomeDescription } from "@/components/connectors/rehome-connector";
import { useUnassignDescription } from "@/components/inventory/device-configuration-dialog";
import { combined, touchesPaths, useLinkChangeDescription } from "@/components/links/link-change-confirmation";
import { DeleteNode } from "@/components/nodes/delete-node";
import type { BlastRadius } from "@/lib/topology/schema";
import { renderHookWithProviders, renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// Issue 42, scopes 1 and 2: the confirmations of impactful actions name what they touch — the connectors and customers
// a node serves (its deletion is then refused, its device's unassignment asked), the paths a re-homing moves, the
// paths over a link whose cost or bandwidth changes.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());
vi.mock("@/components/ui/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const served = [
  { id: "c1", name: "Azure ExpressRoute", siteName: "Azure West Europe", organizationName: "Contoso", pathCount: 1 },
  { id: "c2", name: "Seattle fiber", siteName: "Seattle Office", organizationName: "Fabrikam", pathCount: 2 },
];

describe("unassigning a device", () => {
  it("names each connector its node serves with its customer and site, in English and French", () => {
    const unassignment = { deviceId: "d1", nodeId: "n1", nodeName: "nw-edge-par-01", servedConnectors: served };
    const en = renderHookWithProviders(() => useUnassignDescription(unassignment, false)).result.current;
    expect(en).toBe(
      "nw-edge-par-01 serves 2 customer connectors: Azure ExpressRoute (Contoso, Azure West Europe), Seattle fiber (Fabrikam, Seattle Office). " +
        "Without a device, nothing reports on them until one is assigned again. The device leaves the node and keeps no configuration.",
    );
    const fr = renderHookWithProviders(() => useUnassignDescription(unassignment, false), { locale: "fr" }).result.current;
    expect(fr).toContain("nw-edge-par-01 dessert 2 connecteurs clients : Azure ExpressRoute (Contoso, Azure West Europe)");
  });

  it("says when the node serves nothing, while it checks, and when it could not check", () => {
    const none = { deviceId: "d1", nodeId: "n1", nodeName: "nw-edge-lyon", servedConnectors: [] };
    expect(renderHookWithProviders(() => useUnassignDescription(none, false)).result.current).toMatch(/^nw-edge-lyon serves no customer connector\./);
    expect(renderHookWithProviders(() => useUnassignDescription(undefined, false)).result.current).toBe("Checking what the node serves…");
    expect(renderHookWithProviders(() => useUnassignDescription(undefined, true)).result.current).toMatch(/^What the node serves could not be checked\./);
  });
});

describe("re-homing a connector", () => {
  it("says where it is served now and, for the chosen node, the paths that move with their customers", () => {
    const homing = { connectorId: "c1", node: { id: "n1", name: "nw-edge-fra-01", kind: "edge" as const }, port: null, candidates: [] };
    const preview = {
      connectorId: "c1",
      from: homing.node,
      to: { id: "n2", name: "nw-edge-ams-01", kind: "edge" as const },
      port: null,
      paths: [{ id: "p1", name: "Paris ⇄ Azure", organizationName: "Contoso" }],
      applied: false,
    };
    const text = renderHookWithProviders(() => useRehomeDescription(homing, preview, false)).result.current;
    expect(text).toContain("Served by nw-edge-fra-01.");
    expect(text).toContain("Its path moves to nw-edge-ams-01: Paris ⇄ Azure (Contoso).");
    expect(renderHookWithProviders(() => useRehomeDescription(homing, undefined, true)).result.current).toContain("Checking which paths move…");
  });
});

describe("changing a link", () => {
  const radius = (count: number): BlastRadius => ({
    target: { type: "link", id: "l1", name: "nw-edge-par-01 ⇄ nw-core-lon" },
    customers: [],
    paths: Array.from({ length: Math.min(count, 10) }, (_, i) => ({
      id: `p${i}`,
      name: `Path ${i}`,
      organizationId: "o1",
      organizationName: "Contoso",
      sla: "healthy" as const,
      sourceSiteName: "A",
      destinationSiteName: "B",
    })),
    pathCount: count,
    generatedAt: "2026-12-07T10:00:00Z",
  });

  it("asks only when the cost or the bandwidth changes", () => {
    const link = { cost: 20, bandwidth: 10_000 };
    expect(touchesPaths(link, { cost: 20, bandwidth: 10_000 })).toBe(false);
    expect(touchesPaths(link, { cost: 21, bandwidth: 10_000 })).toBe(true);
    expect(touchesPaths(link, { cost: 20, bandwidth: 1_000 })).toBe(true);
  });

  it("names the paths over it, the first eight, then how many more", () => {
    const one = renderHookWithProviders(() => useLinkChangeDescription(radius(1), false)).result.current;
    expect(one).toBe("1 customer path crosses it: Path 0 (Contoso). A new cost can move its route; a new bandwidth changes its headroom.");
    const many = renderHookWithProviders(() => useLinkChangeDescription(radius(12), false)).result.current;
    expect(many).toContain("12 customer paths cross it: Path 0 (Contoso),");
    expect(many).toContain("Path 7 (Contoso) and 4 more.");
    expect(many).not.toContain("Path 8");
    expect(renderHookWithProviders(() => useLinkChangeDescription(radius(0), false)).result.current).toBe("No customer path crosses it: no route moves.");
  });

  it("counts a path over several changed links once (a fabric's link editor)", () => {
    // Both links carry Path 0 and Path 1; the second also carries 10 paths beyond the ones it names.
    const both = combined([radius(2), { ...radius(2), pathCount: 12 }]);
    expect(both.paths.map((path) => path.name)).toEqual(["Path 0", "Path 1"]);
    expect(both.pathCount).toBe(12);
  });
});

describe("deleting a node that serves connectors", () => {
  it("names the connectors and their customers and offers no Delete", async () => {
    const deletion = { nodeId: "n1", interfaces: 2, subinterfaces: 0, ipsecEndpoints: 0, switchPorts: 0, links: [], deviceSerialNumber: null, servedConnectors: served };
    const fetch = vi.fn(async () => Response.json(deletion));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<DeleteNode nodeId="n1" name="nw-edge-par-01" />);
    fireEvent.click(screen.getByTestId("node-delete"));
    const dialog = await screen.findByRole("alertdialog");
    await waitFor(() => expect(dialog.textContent).toContain("It serves 2 customer connectors: Azure ExpressRoute (Contoso, Azure West Europe), Seattle fiber (Fabrikam, Seattle Office)."));
    expect((screen.getByTestId("node-delete-dialog-confirm") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("node-delete-dialog-confirm"));
    expect((await sentRequests(fetch)).map((request) => request.method)).toEqual(["GET"]);
  });

  it("keeps Delete for a node that serves none", async () => {
    const deletion = { nodeId: "n1", interfaces: 0, subinterfaces: 0, ipsecEndpoints: 0, switchPorts: 0, links: [], deviceSerialNumber: null, servedConnectors: [] };
    vi.stubGlobal("fetch", vi.fn(async () => Response.json(deletion)));
    renderWithProviders(<DeleteNode nodeId="n1" name="nw-edge-lyon" />);
    fireEvent.click(screen.getByTestId("node-delete"));
    const dialog = await screen.findByRole("alertdialog");
    await waitFor(() => expect(dialog.textContent).toContain("No link uses it."));
    expect((screen.getByTestId("node-delete-dialog-confirm") as HTMLButtonElement).disabled).toBe(false);
  });
});
