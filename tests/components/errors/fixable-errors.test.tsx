import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "@/components/auth/sign-in-form";
import { ErrorAlert } from "@/components/errors/error-alert";
import { ClaimDeviceDialog } from "@/components/inventory/claim-device-dialog";
import { SupportForm } from "@/components/shell/support-form";
import { ApiRequestError } from "@/lib/api/client";
import { renderWithProviders } from "../providers";

// SPEC §8 and issue 42 "Why" 7: a failure the user can correct reads as a plain message in their language, with
// "Click here to try again." where a retry makes sense and the request id in a detail to copy for support — never
// "Refresh the page to try again." with a raw "(requestId=…)". Refresh stays for what cannot be retried.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

afterEach(() => vi.unstubAllGlobals());

const fillClaim = () => {
  fireEvent.change(screen.getByTestId("claim-serial"), { target: { value: "MX-E200-0901" } });
  fireEvent.change(screen.getByTestId("claim-code"), { target: { value: "WRONG001" } });
  fireEvent.click(screen.getByTestId("claim-submit"));
};

describe("fixable errors", () => {
  it("shows a wrong claim code as a plain message, the request id in a detail, and sends the user back to the fields", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: "Aucun équipement non réclamé ne correspond à ce numéro de série et à ce code.", requestId: "req-claim-1" }, { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ClaimDeviceDialog onClose={vi.fn()} />, { locale: "fr" });
    fillClaim();
    const message = await screen.findByText("Aucun équipement non réclamé ne correspond à ce numéro de série et à ce code.");
    const alert = message.closest("[role=alert]") as HTMLElement;
    expect(alert.textContent).not.toContain("requestId=");
    expect(alert.textContent).not.toContain("Actualisez la page");
    expect(screen.getByTestId("error-request-id").textContent).toBe("req-claim-1");
    // "Click here to try again." puts the user back in the form to correct it, without sending the same code again.
    fireEvent.click(screen.getByRole("button", { name: "Cliquez ici pour réessayer." }));
    await waitFor(() => expect(screen.queryByTestId("error-request-id")).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId("claim-serial"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends the same values again when the server failed, since only a retry gets past it", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ error: "Internal error", requestId: "req-500" }, { status: 500 }))
      .mockResolvedValueOnce(Response.json({ serialNumber: "MX-E200-0901" }, { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const onClose = vi.fn();
    renderWithProviders(<ClaimDeviceDialog onClose={onClose} />);
    fillClaim();
    await screen.findByText("Internal error");
    fireEvent.click(screen.getByRole("button", { name: "Click here to try again." }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const bodies = fetch.mock.calls.map(([, init]) => (init as RequestInit).body);
    expect(bodies[1]).toBe(bodies[0]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("says a wrong password plainly on the sign-in form, in French, with no reload", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: "E-mail ou mot de passe incorrect.", requestId: "req-login" }, { status: 401 })));
    renderWithProviders(<SignInForm />, { locale: "fr" });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "admin@contoso.example" } });
    fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: "wrong-one" } });
    fireEvent.submit(screen.getByLabelText("Mot de passe").closest("form")!);
    const alert = (await screen.findByText("E-mail ou mot de passe incorrect.")).closest("[role=alert]") as HTMLElement;
    expect(alert.textContent).not.toContain("Actualisez la page");
    expect(alert.textContent).not.toContain("requestId=");
    expect(screen.getByTestId("error-request-id").textContent).toBe("req-login");
  });

  it.each([
    ["a duplicate invitation", 409, "nina@contoso.example already has a pending invitation to Contoso."],
    ["a duplicate serial number", 409, "A device with serial number MX-E200-0901 already exists."],
    ["a wrong password", 401, "Invalid email or password."],
    ["a value the server refused", 400, "Invalid data"],
    ["a refused change", 422, "This rollout is already over"],
  ])("never says Refresh the page for %s", (_, status, text) => {
    renderWithProviders(<ErrorAlert error={new ApiRequestError(`${text} (requestId=r-${status})`, status, `r-${status}`)} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(text);
    expect(alert.textContent).not.toContain("requestId=");
    expect(alert.textContent).not.toContain("Refresh the page to try again.");
    expect(screen.getByTestId("error-request-id").textContent).toBe(`r-${status}`);
  });

  it.each([
    ["a server failure", 500],
    ["an unreachable server", 0],
    ["a refusal of the user's rights", 403],
    ["throttling", 429],
  ])("keeps Refresh the page for %s with no retry of its own", (_, status) => {
    renderWithProviders(<ErrorAlert error={new ApiRequestError(`It failed (requestId=r-${status})`, status, `r-${status}`)} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("It failed");
    expect(alert.textContent).toContain("Refresh the page to try again.");
    expect(alert.textContent).not.toContain("requestId=");
  });

  it("copies the request id for support", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ErrorAlert error={new ApiRequestError("Taken (requestId=r-copy)", 409, "r-copy")} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy for support" }));
    await screen.findByText("Copied");
    expect(writeText).toHaveBeenCalledWith("r-copy");
  });
});

describe("the request id for support", () => {
  it("is offered to the support form after an error showed it, and added to the message on request", async () => {
    renderWithProviders(<ErrorAlert error={new ApiRequestError("Taken (requestId=r-support)", 409, "r-support")} />);
    renderWithProviders(<SupportForm organizationId="o1" onClose={vi.fn()} />, { locale: "fr" });
    const offer = await screen.findByTestId("support-failed-request");
    expect(offer.textContent).toContain("r-support");
    const message = screen.getByTestId("support-message") as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: "Le site de Paris ne remonte plus de trafic." } });
    fireEvent.click(screen.getByRole("button", { name: "L’ajouter au message" }));
    await waitFor(() => expect(message.value).toBe("Le site de Paris ne remonte plus de trafic.\n\nIdentifiant de la requête\u202f: r-support"));
    // Once only.
    fireEvent.click(screen.getByRole("button", { name: "L’ajouter au message" }));
    expect(message.value.match(/r-support/g)).toHaveLength(1);
  });
});
