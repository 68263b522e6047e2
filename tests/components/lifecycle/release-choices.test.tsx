import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../providers";
import { DialogOpener } from "./dialog-opener";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// Issue 42: the lifecycle dialogs' Version offers the releases the chosen devices' model may take (one click puts one
// in the box); nothing is offered before a device is chosen, or for a model the catalogue does not know.

const ORG = "00000000-0000-4000-8000-000000000001";
const device = (id: string, serialNumber: string, model: string) => ({ id, serialNumber, nodeName: `node ${id}`, model, softwareVersion: "24.3.1", busy: null });
const devices = [device("d1", "MX-E400-1", "E400"), device("d2", "MX-C100-2", "C100"), device("d3", "MX-X9-3", "X9")];

const option = (serial: string) => screen.getByRole("checkbox", { name: serial });
const releases = (testId: string) => screen.queryAllByTestId(`${testId}-option`).map((button) => button.textContent);

afterEach(() => vi.unstubAllGlobals());

describe("the versions offered for the chosen devices", () => {
  it("offers the model's releases in the schedule dialog, and puts the one clicked in the version box", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ items: devices, nextCursor: null })));
    renderWithProviders(<DialogOpener dialog="schedule" organizationId={ORG} />);
    fireEvent.click(screen.getByText("open"));
    await screen.findByText("MX-E400-1");
    expect(screen.queryByTestId("lifecycle-releases")).toBeNull();
    fireEvent.click(option("MX-E400-1"));
    expect(releases("lifecycle-releases")).toEqual(["25.2.0", "25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"]);
    // With a CPE too: only the releases both take.
    fireEvent.click(option("MX-C100-2"));
    expect(releases("lifecycle-releases")[0]).toBe("25.1.0");
    fireEvent.click(within(screen.getByTestId("lifecycle-releases")).getByRole("button", { name: "24.4.0" }));
    expect((screen.getByTestId("lifecycle-version") as HTMLInputElement).value).toBe("24.4.0");
    expect(within(screen.getByTestId("lifecycle-releases")).getByRole("button", { name: "24.4.0" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("offers nothing for a model the catalogue does not know, in the rollout dialog", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ items: devices, nextCursor: null })));
    renderWithProviders(<DialogOpener dialog="rollout" organizationId={ORG} />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    await screen.findByText("MX-X9-3");
    fireEvent.click(option("MX-X9-3"));
    expect(screen.queryByTestId("rollout-releases")).toBeNull();
    fireEvent.click(option("MX-C100-2"));
    expect(releases("rollout-releases")).toEqual(["25.1.0", "24.4.0", "24.3.2", "24.3.1", "24.2.4"]);
    expect(screen.getByRole("group", { name: "Versions publiées" })).toBeTruthy();
  });
});
