import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "@/components/auth/sign-in-form";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// The sign-in form's second step: an account being guessed asks a new address for the code mailed to it.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const currentUser = { userId: "u1", userEmail: "admin@contoso.example", userFirstName: "Ada", userLastName: "Admin", userLanguage: "en" };

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function signInAsked(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal("fetch", fetch);
  renderWithProviders(<SignInForm next="/organization/o1/alarms" />);
  type("Email", "admin@contoso.example");
  type("Password", "maia-demo");
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await screen.findByText("Check your email");
}

describe("SignInForm", () => {
  it("asks for the mailed code when the sign-in answers 202, sends it with the challenge, and then goes on", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(202, { codeRequired: true, challenge: "the-challenge" }))
      .mockResolvedValueOnce(json(200, currentUser));
    await signInAsked(fetch);
    expect(screen.getByText(/we have emailed you a 6-digit code: enter it below within 10 minutes/)).toBeTruthy();
    // Not signed in yet, and the password step is gone.
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByLabelText("Password")).toBeNull();

    // A code that is not 6 digits is not sent.
    type("Code from the email", "12ab");
    fireEvent.click(screen.getByRole("button", { name: "Confirm code" }));
    expect(await screen.findByText("Enter the 6-digit code from the email")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    type("Code from the email", "042917");
    fireEvent.click(screen.getByRole("button", { name: "Confirm code" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/organization/o1/alarms"));
    const sent = await sentRequests(fetch);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(["POST /api/v1/auth/login", "POST /api/v1/auth/login/code"]);
    expect(sent[1].body).toEqual({ challenge: "the-challenge", code: "042917" });
  });

  it("shows a refused code's message, and starts over on request", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(202, { codeRequired: true, challenge: "c" }))
      .mockResolvedValueOnce(json(401, { error: "This code is wrong, used or expired. Sign in again with your password to get a new one.", requestId: "r1" }));
    await signInAsked(fetch);
    type("Code from the email", "000000");
    fireEvent.click(screen.getByRole("button", { name: "Confirm code" }));
    expect(await screen.findByText("This code is wrong, used or expired. Sign in again with your password to get a new one.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Start over" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("signs in at once when the password is enough", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json(200, currentUser));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<SignInForm />);
    type("Email", "admin@contoso.example");
    type("Password", "maia-demo");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
    expect(screen.queryByText("Check your email")).toBeNull();
  });
});
