import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateApiTokenDialog } from "@/components/tokens/create-token-dialog";
import { ApiTokenSecretDialog } from "@/components/tokens/token-secret-dialog";
import { scopesForRole } from "@/lib/auth/scopes";
import type { ApiTokenCreated } from "@/lib/tokens/schema";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

// Issue 43: the create dialog ticks the read scopes the user holds, sends the scopes in order and the addresses typed
// in one box as a list; the secret dialog shows the secret once with a copy button and the warning.

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// Radix measures its checkboxes; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const created: ApiTokenCreated = {
  token: {
    id: "00000000-0000-4000-8000-0000000000t1",
    organizationId: "00000000-0000-4000-8000-0000000000aa",
    userId: "u1",
    userEmail: "admin@northwind.example",
    name: "Backup script",
    prefix: "mat_AbCdEf",
    scopes: ["common:config:read"],
    allowedAddresses: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    expiresAt: "2026-04-01T00:00:00.000Z",
    lastUsedAt: null,
    lastUsedFrom: null,
    revokedAt: null,
    status: "active",
  },
  secret: "mat_AbCdEfsecretsecretsecretsecretsecretsecret1",
};

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const scope = (name: string) => screen.getByTestId(`api-token-scope-${name}`);

afterEach(() => vi.unstubAllGlobals());

describe("CreateApiTokenDialog", () => {
  const render = (onCreated = vi.fn()) =>
    renderWithProviders(<CreateApiTokenDialog organizationName="Northwind Networks" held={scopesForRole("msp-admin")} open setOpen={() => {}} onCreated={onCreated} />);

  it("offers the user's own scopes, read-only ticked, and sends the addresses as a list", async () => {
    const fetch = vi.fn(async () => Response.json(created, { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const onCreated = vi.fn();
    render(onCreated);
    expect(scope("common:config:read").getAttribute("aria-checked")).toBe("true");
    expect(scope("msp:inventory:read").getAttribute("aria-checked")).toBe("true");
    expect(scope("common:config:write").getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByTestId("api-token-scope-internal:inventory:read")).toBeNull();
    fill("api-token-name", "Backup script");
    fireEvent.click(scope("common:config:write"));
    fireEvent.click(scope("msp:inventory:read"));
    fill("api-token-expiry", "30");
    fill("api-token-addresses", "192.0.2.0/24,\n2001:db8::/48");
    fireEvent.click(screen.getByTestId("api-token-create-submit"));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(onCreated.mock.calls[0][0]).toEqual(created);
    expect(await sentRequests(fetch)).toEqual([
      {
        method: "POST",
        path: "/api/v1/config/user/token",
        body: {
          name: "Backup script",
          scopes: ["common:config:read", "common:config:write", "common:user:read", "msp:lifecycle:read"],
          expiresInDays: 30,
          allowedAddresses: ["192.0.2.0/24", "2001:db8::/48"],
        },
      },
    ]);
  });

  it("refuses no scope and a bad address before sending anything", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render();
    fill("api-token-name", "Nothing");
    for (const name of ["common:config:read", "common:user:read", "msp:lifecycle:read", "msp:inventory:read"]) fireEvent.click(scope(name));
    fill("api-token-addresses", "192.0.2.300");
    fireEvent.click(screen.getByTestId("api-token-create-submit"));
    expect(await screen.findByText("Choose at least one scope")).toBeTruthy();
    expect(await screen.findByText("“192.0.2.300” is not an IPv4 or IPv6 address or network (for example 192.0.2.10 or 2001:db8::/48)")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("ApiTokenSecretDialog", () => {
  it("shows the secret once, copies it and warns", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    renderWithProviders(<ApiTokenSecretDialog created={created} onClose={onClose} />);
    expect((screen.getByTestId("api-token-secret") as HTMLInputElement).value).toBe(created.secret);
    expect(screen.getByText(/This is the only time the token is shown/)).toBeTruthy();
    fireEvent.click(screen.getByTestId("api-token-copy"));
    await waitFor(() => expect(screen.getByTestId("api-token-copy").textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(created.secret);
    fireEvent.click(screen.getByTestId("api-token-secret-close"));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
