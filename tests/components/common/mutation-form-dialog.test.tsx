import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InviteDialog } from "@/components/people/invite-dialog";
import { renderWithProviders } from "../providers";

// The shared dialog around a mutation's form, through a real one (Invite): the server's field messages land on the
// field, closing with unsaved changes asks first, a success closes and the next opening starts empty.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

const ORG = "00000000-0000-4000-8000-000000000001";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <InviteDialog organizationId={ORG} open={open} setOpen={setOpen} />
    </>
  );
}

const email = () => screen.getByTestId("invite-email") as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe("MutationFormDialog", () => {
  it("puts the server's message on its field and keeps the dialog open", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: "Données invalides", requestId: "r1", issues: [{ path: "email", message: "Cette adresse est déjà invitée" }] }, { status: 400 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await screen.findByText("Cette adresse est déjà invitée");
    // Tied to its field, it is not repeated above the form.
    expect(screen.queryByText(/Données invalides/)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("invite-dialog")).toBeTruthy();
  });

  it("shows an error the server tied to no field above the form", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "Organisation introuvable", requestId: "r2" }, { status: 404 })));
    renderWithProviders(<Opener />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await screen.findByText(/Organisation introuvable/);
    expect(screen.getByTestId("invite-dialog")).toBeTruthy();
  });

  it("asks before discarding what was typed, then starts empty", async () => {
    renderWithProviders(<Opener />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByText("Cancel"));
    await screen.findByText("Leave without saving?");
    fireEvent.click(screen.getByText("Stay"));
    await waitFor(() => expect(screen.queryByText("Leave without saving?")).toBeNull());
    expect(email().value).toBe("nina@contoso.example");
    fireEvent.click(screen.getByText("Cancel"));
    fireEvent.click(await screen.findByTestId("discard-changes"));
    await waitFor(() => expect(screen.queryByTestId("invite-dialog")).toBeNull());
    fireEvent.click(screen.getByText("open"));
    expect(email().value).toBe("");
  });

  it("closes on success and opens empty the next time", async () => {
    const fetch = vi.fn(async () => Response.json({ id: "i1", email: "nina@contoso.example", role: "read-only" }, { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(email(), { target: { value: "nina@contoso.example" } });
    fireEvent.click(screen.getByTestId("invite-send"));
    await waitFor(() => expect(screen.queryByTestId("invite-dialog")).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText("open"));
    expect(email().value).toBe("");
  });
});
