import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NodePropertiesPanel } from "@/components/nodes/node-properties-panel";
import type { Node } from "@/lib/nodes/schema";
import { organizationsQueryOptions } from "@/lib/organizations/queries";
import type { Organization } from "@/lib/organizations/schema";
import { currentUserQueryOptions } from "@/lib/users/queries";
import type { CurrentUser } from "@/lib/users/schema";
import { renderWithProviders } from "../providers";
import { requestOf, sentRequests } from "../requests";

// A node's properties panel on FormSheet: what it sends (only what an edit may change), what a reader sees.

const MSP = "00000000-0000-4000-8000-0000000000aa";
vi.mock("next/navigation", async () => ({ ...(await import("../navigation")).nextNavigationMock(), useParams: () => ({ organizationId: MSP }) }));
vi.mock("@/components/ui/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const organizations: Organization[] = [{ id: MSP, name: "Northwind", organizationType: "msp", parentId: null } as Organization];
const userWith = (scopes: CurrentUser["scopes"]): CurrentUser => ({
  userId: "u1",
  userEmail: "admin@northwind.example",
  userFirstName: "Ada",
  userLastName: "Admin",
  userLanguage: "en",
  organizationId: MSP,
  role: "msp-admin",
  scopes,
});
const node: Node = {
  id: "00000000-0000-4000-8000-0000000000e1",
  organizationId: MSP,
  kind: "edge",
  name: "nw-edge-par",
  description: "Paris edge",
  location: { address: "Paris, France", latitude: 48.85, longitude: 2.35 },
  edgeType: "standard",
  coreFabricId: null,
  deviceSerialNumber: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function Panel() {
  const [open, setOpen] = useState(true);
  return <NodePropertiesPanel node={node} open={open} onOpenChange={setOpen} />;
}

function renderPanel(scopes: CurrentUser["scopes"]) {
  return renderWithProviders(<Panel />, {
    seed: (queryClient) => {
      queryClient.setQueryData(organizationsQueryOptions().queryKey, organizations);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, userWith(scopes));
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("NodePropertiesPanel", () => {
  it("saves the name, description, location and edge type only, and stays open with nothing unsaved", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      requestOf(input, init).method === "PATCH" ? Response.json({ ...node, name: "nw-edge-par-2" }) : Response.json({ error: "Not found", requestId: "r0" }, { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderPanel(["common:config:read", "common:config:write"]);
    const save = screen.getByTestId("node-save") as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("node-name"), { target: { value: "nw-edge-par-2" } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledExactlyOnceWith("Node nw-edge-par-2 saved"));
    const patches = (await sentRequests(fetch)).filter((request) => request.method === "PATCH");
    expect(patches).toEqual([
      {
        method: "PATCH",
        path: `/api/v1/config/node/${node.id}`,
        body: { name: "nw-edge-par-2", description: "Paris edge", location: { address: "Paris, France", latitude: 48.85, longitude: 2.35 }, edgeType: "standard" },
      },
    ]);
    expect(screen.getByTestId("node-properties")).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId("node-save") as HTMLButtonElement).disabled).toBe(true));
  });

  it("shows a reader the node's summary and no form", () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "Not found", requestId: "r0" }, { status: 404 })));
    renderPanel(["common:config:read"]);
    expect(screen.getByText("Your role lets you read the node's properties, not change them.")).toBeTruthy();
    expect(screen.getByText("nw-edge-par")).toBeTruthy();
    expect(screen.queryByTestId("node-save")).toBeNull();
    expect(screen.queryByTestId("node-name")).toBeNull();
  });
});
