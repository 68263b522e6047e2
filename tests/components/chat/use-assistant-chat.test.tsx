import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAssistantChat } from "@/components/chat/use-assistant-chat";
import { renderHookWithProviders } from "../providers";

// Each question goes with the page the user is on and the browser's time zone, in which the assistant reads
// "yesterday" or "tomorrow at 3am" and writes the times of its proposals (issue 40).

afterEach(() => vi.restoreAllMocks());

/** The body of every request the chat posts; the answers are empty streams. */
function postedBodies() {
  const bodies: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response("data: [DONE]\n\n", { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  return bodies;
}

describe("useAssistantChat", () => {
  it("posts the question with the page and the browser's time zone", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ timeZone: "America/Los_Angeles" } as Intl.ResolvedDateTimeFormatOptions);
    const bodies = postedBodies();
    const { result } = renderHookWithProviders(() => useAssistantChat({ chatId: "c1", organizationId: "o1", messages: [], page: "customer/site" }));
    await act(() => result.current.sendMessage({ text: "reboot nw-edge-sea-01 tomorrow at 3am" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ page: "customer/site", timeZone: "America/Los_Angeles", message: { role: "user", parts: [{ type: "text", text: "reboot nw-edge-sea-01 tomorrow at 3am" }] } });
  });

  it("sends UTC when the browser cannot tell its zone", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ timeZone: "" } as Intl.ResolvedDateTimeFormatOptions);
    const bodies = postedBodies();
    const { result } = renderHookWithProviders(() => useAssistantChat({ chatId: "c2", organizationId: "o1", messages: [] }));
    await act(() => result.current.sendMessage({ text: "what happened yesterday?" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ timeZone: "UTC" });
    expect(bodies[0]).not.toHaveProperty("page");
  });
});
