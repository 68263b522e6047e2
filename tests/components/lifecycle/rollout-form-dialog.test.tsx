import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RolloutFormDialog } from "@/components/lifecycle/rollout-form-dialog";
import { renderWithProviders } from "../providers";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// Radix measures its checkboxes; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const ORG = "00000000-0000-4000-8000-000000000001";
const devices = [
  { id: "d1", serialNumber: "MX-1", nodeName: "node-1", softwareVersion: "24.3.1" },
  { id: "d2", serialNumber: "MX-2", nodeName: "node-2", softwareVersion: "24.3.1" },
];

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <RolloutFormDialog organizationId={ORG} open={open} setOpen={setOpen} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the staged rollout dialog", () => {
  it("says what is missing, the devices first, before anything is sent", async () => {
    const fetch = vi.fn(async () => Response.json({ items: devices, nextCursor: null }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    await screen.findByText("MX-2");
    fireEvent.change(screen.getByTestId("rollout-observation"), { target: { value: "10" } });
    fireEvent.click(screen.getByTestId("rollout-start"));
    await waitFor(() => expect(screen.getByText("La version est obligatoire")).toBeTruthy());
    expect(screen.getByText("Sélectionnez au moins 2 équipements")).toBeTruthy();
    // The first field at fault, the device list, takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("rollout-devices")));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
