import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@/components/ui/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExternalFabricDialog } from "@/components/fabrics/external-fabric-dialog";
import type { ExternalFabric } from "@/lib/fabrics/schema";
import { navigation } from "../navigation";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// One of the dialogs that forked MutationFormDialog, now on it: create or edit with a mutation for each, the server's
// errors shown once.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());
vi.mock("@/components/ui/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const MSP = "00000000-0000-4000-8000-0000000000aa";
const fabric: ExternalFabric = {
  id: "00000000-0000-4000-8000-0000000000f1",
  organizationId: MSP,
  name: "Equinix Paris",
  type: "equinix",
  clientId: "client-1",
  clientSecretSet: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const dialog = () => screen.getByTestId("external-fabric-dialog");
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  navigation.push.mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("ExternalFabricDialog", () => {
  it("creates with the create call, then opens the new fabric's page", async () => {
    const fetch = vi.fn(async () => Response.json({ ...fabric, name: "Equinix Lyon" }, { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const onClose = vi.fn();
    renderWithProviders(<ExternalFabricDialog mspId={MSP} open onClose={onClose} />);
    expect(within(dialog()).getByText("Add external fabric")).toBeTruthy();
    expect(screen.getByTestId("external-fabric-save").textContent).toBe("Create");
    fill("external-fabric-name", "Equinix Lyon");
    fill("external-fabric-clientId", "client-2");
    fill("external-fabric-clientSecret", "s3cret-value");
    fireEvent.click(screen.getByTestId("external-fabric-save"));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(await sentRequests(fetch)).toEqual([
      {
        method: "POST",
        path: `/api/v1/config/msp/${MSP}/external-fabric`,
        body: { name: "Equinix Lyon", type: "equinix", clientId: "client-2", clientSecret: "s3cret-value" },
      },
    ]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("External fabric Equinix Lyon was created.");
    expect(navigation.push).toHaveBeenCalledExactlyOnceWith(`/organization/${MSP}/msp/externalFabric/${fabric.id}`);
  });

  it("edits with the update call, keeps the secret when left empty, and stays on the page", async () => {
    const fetch = vi.fn(async () => Response.json({ ...fabric, name: "Equinix Paris 2" }));
    vi.stubGlobal("fetch", fetch);
    const onClose = vi.fn();
    renderWithProviders(<ExternalFabricDialog mspId={MSP} fabric={fabric} open onClose={onClose} />);
    expect(within(dialog()).getByText("Edit Equinix Paris")).toBeTruthy();
    expect(screen.getByTestId("external-fabric-save").textContent).toBe("Save");
    fill("external-fabric-name", "Equinix Paris 2");
    fireEvent.click(screen.getByTestId("external-fabric-save"));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(await sentRequests(fetch)).toEqual([
      { method: "PATCH", path: `/api/v1/config/external-fabric/${fabric.id}`, body: { name: "Equinix Paris 2", type: "equinix", clientId: "client-1" } },
    ]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("External fabric Equinix Paris 2 was saved.");
    expect(navigation.push).not.toHaveBeenCalled();
  });

  it("puts an error the server tied to a field on that field only, and any other above the fields once", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ error: "Invalid data", requestId: "r1", issues: [{ path: "clientId", message: "This client ID is refused by Equinix" }] }, { status: 400 }))
      .mockResolvedValueOnce(Response.json({ error: "Equinix did not answer", requestId: "r2" }, { status: 502 }));
    vi.stubGlobal("fetch", fetch);
    const onClose = vi.fn();
    renderWithProviders(<ExternalFabricDialog mspId={MSP} fabric={fabric} open onClose={onClose} />);
    fill("external-fabric-clientId", "client-3");
    fireEvent.click(screen.getByTestId("external-fabric-save"));
    await screen.findByText("This client ID is refused by Equinix");
    expect(screen.getAllByText("This client ID is refused by Equinix")).toHaveLength(1);
    expect(screen.queryByText(/Invalid data/)).toBeNull();
    expect(within(dialog()).queryByRole("alert")).toBeNull();

    fill("external-fabric-clientId", "client-4");
    fireEvent.click(screen.getByTestId("external-fabric-save"));
    await screen.findByText(/Equinix did not answer/);
    expect(within(dialog()).getAllByRole("alert")).toHaveLength(1);
    expect(screen.getAllByText(/Equinix did not answer/)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
