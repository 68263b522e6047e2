import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebhookDialog } from "@/components/webhooks/webhook-dialog";
import type { WebhookWithSecret } from "@/lib/webhooks/schema";
import { renderWithProviders } from "../providers";
import { sentRequests } from "../requests";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// Radix measures its checkboxes; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const ORG = "00000000-0000-4000-8000-000000000001";

function Opener({ isMsp, onCreated }: { isMsp: boolean; onCreated: (created: WebhookWithSecret) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <WebhookDialog organizationId={ORG} isMsp={isMsp} open={open} setOpen={setOpen} onCreated={onCreated} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the webhook endpoint dialog", () => {
  it("sends the URL and the event types checked, and hands the secret on", async () => {
    const created = { id: "w1", url: "https://hooks.example.com/maia", secret: "whsec_shown-once" };
    const fetch = vi.fn(async () => Response.json(created, { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const onCreated = vi.fn();
    renderWithProviders(<Opener isMsp onCreated={onCreated} />);
    fireEvent.click(screen.getByText("open"));
    fireEvent.change(await screen.findByTestId("webhook-url"), { target: { value: "https://hooks.example.com/maia" } });
    fireEvent.click(screen.getByTestId("webhook-event-configuration.changed"));
    fireEvent.click(screen.getByTestId("webhook-includeCustomers"));
    fireEvent.click(screen.getByTestId("webhook-save"));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ secret: "whsec_shown-once" })));
    const [request] = await sentRequests(fetch);
    expect(request).toMatchObject({
      method: "POST",
      path: `/api/v1/organization/${ORG}/webhook`,
      body: { url: "https://hooks.example.com/maia", eventTypes: ["alarm.raised", "configuration.changed"], includeCustomers: true, enabled: true },
    });
  });

  it("says what is missing in the user's language and sends nothing; a customer is not offered its customers' events", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<Opener isMsp={false} onCreated={() => {}} />, { locale: "fr" });
    fireEvent.click(screen.getByText("open"));
    await screen.findByTestId("webhook-url");
    expect(screen.queryByTestId("webhook-includeCustomers")).toBeNull();
    // The one type checked by default, unchecked: none left.
    fireEvent.click(screen.getByTestId("webhook-event-alarm.raised"));
    fireEvent.click(screen.getByTestId("webhook-save"));
    await waitFor(() => expect(screen.getByText("L’URL du point de terminaison est obligatoire")).toBeTruthy());
    expect(screen.getByText("Choisissez au moins un type d’événement")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
