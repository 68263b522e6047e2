import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../providers";
import { DialogOpener } from "./dialog-opener";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// The pickers of the schedule and staged rollout dialogs: a busy device (the list's `busy`, the server's rule) is shown
// unavailable with why and cannot be chosen; the rollout dialog starts Now or Later with the schedule dialog's checks;
// the server's 409 stays readable.

const ORG = "00000000-0000-4000-8000-000000000001";
const AT = "2031-03-04T13:30:00.000Z";
const device = (id: string, serialNumber: string, busy: unknown = null) => ({ id, serialNumber, nodeName: `node ${id}`, model: "E400", softwareVersion: "24.3.1", busy });
const devices = [
  device("d1", "MX-1"),
  device("d2", "MX-2"),
  device("d3", "MX-3", { reason: "operation", operationId: "o1", operation: "install-version", version: "24.3.2", status: "scheduled", scheduledAt: AT }),
  device("d4", "MX-4", { reason: "rollout", rolloutId: "r1", version: "25.1.0", status: "halted", wave: 2 }),
];

const option = (serial: string) => screen.getByRole("checkbox", { name: serial });

afterEach(() => vi.unstubAllGlobals());

describe("busy devices in the lifecycle pickers", () => {
  it("shows them unavailable with why in the schedule dialog, in French, and lets none be chosen", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ items: devices, nextCursor: null })));
    renderWithProviders(<DialogOpener dialog="schedule" organizationId={ORG} />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    await screen.findByText("MX-4");
    const busy = screen.getAllByTestId("lifecycle-device-busy");
    expect(busy.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^IndisponibleInstallation de 24\.3\.2 planifiée le 4 mars.*\d{2}:\d{2}/),
      "IndisponibleDans le déploiement arrêté de 25.1.0, vague 2",
    ]);
    expect(option("MX-3")).toHaveProperty("disabled", true);
    expect(option("MX-4")).toHaveProperty("disabled", true);
    expect(option("MX-1")).toHaveProperty("disabled", false);
    fireEvent.click(option("MX-3"));
    fireEvent.click(option("MX-1"));
    expect(screen.getByTestId("lifecycle-device-count").textContent).toBe("1 équipement sélectionné");
  });

  it("starts a rollout Later with the schedule dialog's checks, sends the time, and shows the server's 409", async () => {
    const posted: unknown[] = [];
    let conflict = true;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        if (conflict) return Response.json({ error: "Device MX-2 already has an operation scheduled or running: edit or cancel it first." }, { status: 409 });
        return Response.json({ id: "r2", version: "25.2.0", startsAt: AT, waves: [] }, { status: 201 });
      }
      expect(String(input)).toContain("/inventory/device");
      return Response.json({ items: devices, nextCursor: null });
    });
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<DialogOpener dialog="rollout" organizationId={ORG} />, { locale: "en" });
    fireEvent.click(screen.getByText("open"));
    await screen.findByText("MX-4");
    expect(screen.getAllByTestId("lifecycle-device-busy")[1].textContent).toBe("UnavailableIn halted rollout of 25.1.0, wave 2");
    expect(option("MX-4")).toHaveProperty("disabled", true);
    fireEvent.click(option("MX-1"));
    fireEvent.click(option("MX-2"));
    fireEvent.change(screen.getByTestId("rollout-version"), { target: { value: "25.2.0" } });

    // Later, in the past: the schedule dialog's message.
    fireEvent.click(screen.getByTestId("lifecycle-start-later"));
    const box = await screen.findByTestId("lifecycle-start-at");
    fireEvent.change(box, { target: { value: "2020-01-01T10:00" } });
    fireEvent.click(screen.getByTestId("rollout-start"));
    await screen.findByText("Start time must be in the future");
    expect(posted).toEqual([]);

    fireEvent.change(box, { target: { value: "2031-03-04T14:30" } });
    fireEvent.click(screen.getByTestId("rollout-start"));
    const dialog = screen.getByTestId("rollout-dialog");
    await within(dialog).findByText(/^Device MX-2 already has an operation scheduled or running: edit or cancel it first\./);
    expect(posted).toEqual([expect.objectContaining({ deviceIds: ["d1", "d2"], version: "25.2.0", start: "later", scheduledAt: expect.stringMatching(/^2031-03-04T/) })]);

    conflict = false;
    fireEvent.click(screen.getByTestId("rollout-start"));
    await waitFor(() => expect(screen.queryByTestId("rollout-dialog")).toBeNull());
    expect(posted).toHaveLength(2);
  });
});
