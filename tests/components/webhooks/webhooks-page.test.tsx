import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { organizationsQueryOptions } from "@/lib/organizations/queries";
import type { Organization } from "@/lib/organizations/schema";
import { currentUserQueryOptions } from "@/lib/users/queries";
import type { CurrentUser } from "@/lib/users/schema";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/webhooks/schema";
import { renderWithProviders } from "../providers";
import { requestOf, sentRequests } from "../requests";

const ORG = "00000000-0000-4000-8000-0000000000c1";
vi.mock("next/navigation", async () => ({ ...(await import("../navigation")).nextNavigationMock(), useParams: () => ({ organizationId: ORG }) }));
vi.mock("@/components/ui/toast", () => ({ toast: { success: vi.fn(), failure: vi.fn() } }));

const organizations = [{ id: ORG, name: "Contoso", organizationType: "customer", parentId: null } as Organization];
const userWith = (scopes: CurrentUser["scopes"]): CurrentUser => ({
  userId: "u1",
  userEmail: "someone@contoso.example",
  userFirstName: "Sam",
  userLastName: "Someone",
  userLanguage: "en",
  organizationId: ORG,
  role: "customer-admin",
  scopes,
});
const ADMIN: CurrentUser["scopes"] = ["common:config:read", "common:config:write", "common:user:read", "common:user:write"];
const READ_ONLY: CurrentUser["scopes"] = ["common:config:read", "common:user:read"];

const endpoint = (values: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id: "w1",
  organizationId: ORG,
  url: "https://hooks.example.com/a",
  eventTypes: ["alarm.raised"],
  includeCustomers: false,
  enabled: true,
  secretCreatedAt: "2026-12-01T00:00:00.000Z",
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
  createdAt: "2026-12-01T00:00:00.000Z",
  updatedAt: "2026-12-01T00:00:00.000Z",
  ...values,
});
const disabled = endpoint({
  id: "w2",
  url: "https://hooks.example.com/down",
  enabled: false,
  failingSince: "2026-12-01T00:00:00.000Z",
  disabledAt: "2026-12-02T00:00:00.000Z",
  disabledReason: "failing",
});
const delivery: WebhookDelivery = {
  id: "d1",
  endpointId: "w1",
  eventId: "e1",
  eventType: "alarm.raised",
  eventOrganizationId: ORG,
  eventTime: "2026-12-03T00:00:00.000Z",
  status: "succeeded",
  attempts: 2,
  nextAttemptAt: null,
  lastAttemptAt: "2026-12-03T00:00:30.000Z",
  lastStatusCode: 200,
  lastDurationMs: 42,
  lastResponse: "thanks",
  lastError: null,
  redeliveryOf: null,
  createdAt: "2026-12-03T00:00:00.000Z",
  finishedAt: "2026-12-03T00:00:30.000Z",
};

function stubApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = requestOf(input, init);
    const path = new URL(request.url).pathname;
    if (path.endsWith("/webhook")) return Response.json({ items: [endpoint({}), disabled], nextCursor: null });
    if (path.endsWith("/delivery")) return Response.json({ items: [delivery], nextCursor: null });
    if (path.endsWith("/redeliver")) return Response.json({ ...delivery, id: "d2", status: "pending", redeliveryOf: "d1" }, { status: 202 });
    return Response.json({ error: "Not found", requestId: "r0" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderPage(scopes: CurrentUser["scopes"]) {
  return renderWithProviders(<WebhooksPage />, {
    seed: (queryClient) => {
      queryClient.setQueryData(organizationsQueryOptions().queryKey, organizations);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, userWith(scopes));
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the webhooks page", () => {
  it("says why an endpoint was disabled, and lets an admin redeliver from the deliveries log", async () => {
    const fetch = stubApi();
    renderPage(ADMIN);
    expect((await screen.findByTestId("webhook-disabled-banner")).textContent).toContain("1 endpoint was disabled after 24 hours of failed deliveries");
    expect(screen.getByTestId("webhook-disabled-reason").textContent).toContain("its deliveries failed for 24 hours");
    expect(screen.getByTestId("webhook-add")).toBeTruthy();
    const [first] = screen.getAllByTestId("webhook-row");
    fireEvent.click(within(first).getByTestId("webhook-deliveries-open"));
    const row = await screen.findByTestId("webhook-delivery-row");
    expect(within(row).getByTestId("webhook-delivery-status").textContent).toContain("Delivered · 200");
    expect(within(row).getByTestId("webhook-delivery-attempts").textContent).toBe("2");
    expect(within(row).getByTestId("webhook-delivery-response").textContent).toBe("thanks");
    fireEvent.click(within(row).getByTestId("webhook-redeliver"));
    await waitFor(async () => expect((await sentRequests(fetch)).some((sent) => sent.method === "POST" && sent.path === "/api/v1/webhook/w1/delivery/d1/redeliver")).toBe(true));
  });

  it("shows a read-only user the endpoints and their log, without a control that changes them", async () => {
    stubApi();
    renderPage(READ_ONLY);
    await screen.findAllByTestId("webhook-row");
    expect(screen.getByText("Only an administrator of the organization can add or change endpoints.")).toBeTruthy();
    for (const testId of ["webhook-add", "webhook-edit", "webhook-test", "webhook-rotate", "webhook-delete"]) expect(screen.queryByTestId(testId)).toBeNull();
    fireEvent.click(screen.getAllByTestId("webhook-deliveries-open")[0]);
    await screen.findByTestId("webhook-delivery-row");
    expect(screen.queryByTestId("webhook-redeliver")).toBeNull();
  });
});
