import { act } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useEventSearch } from "@/components/events/use-event-search";
import { navigation } from "../navigation";
import { renderHookWithProviders } from "../providers";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// SPEC §5: the events view is its URL — read through the page's schema, written back as a link the server prefetches.
beforeEach(() => {
  navigation.push.mockClear();
  navigation.pathname = "/org/contoso/events";
  navigation.search = new URLSearchParams();
});

describe("useEventSearch", () => {
  it("reads the search from the URL through the schema, ignoring what it does not know", () => {
    navigation.search = new URLSearchParams("startTime=2026-03-01T10:00:00.000Z&nodeId=42&nodeId=7&type=path.updated&page=3");
    const { result } = renderHookWithProviders(() => useEventSearch());
    expect(result.current.search).toEqual({ startTime: new Date("2026-03-01T10:00:00.000Z"), nodeId: "42", type: "path.updated" });
    expect(result.current.pending).toBe(false);
  });

  it("drops what does not parse: a time that is no date, an empty node", () => {
    navigation.search = new URLSearchParams("startTime=yesterday-ish&endTime=2026-03-02&nodeId=");
    const { result } = renderHookWithProviders(() => useEventSearch());
    expect(result.current.search).toEqual({ endTime: new Date("2026-03-02") });
  });

  it("keeps the same search object while the URL is unchanged (it is part of the query key)", () => {
    navigation.search = new URLSearchParams("type=alarm.raised");
    const { result, rerender } = renderHookWithProviders(() => useEventSearch());
    const first = result.current.search;
    navigation.search = new URLSearchParams("type=alarm.raised");
    rerender();
    expect(result.current.search).toBe(first);
    navigation.search = new URLSearchParams("type=alarm.cleared");
    rerender();
    expect(result.current.search).toEqual({ type: "alarm.cleared" });
  });

  it("writes a new search to the URL, in ISO times, without scrolling; an empty search is the bare page", () => {
    const { result } = renderHookWithProviders(() => useEventSearch());
    act(() => result.current.setSearch({ startTime: new Date("2026-03-01T10:00:00Z"), nodeId: "7", type: "path.updated" }));
    expect(navigation.push).toHaveBeenLastCalledWith("/org/contoso/events?startTime=2026-03-01T10%3A00%3A00.000Z&nodeId=7&type=path.updated", {
      scroll: false,
    });
    act(() => result.current.setSearch({}));
    expect(navigation.push).toHaveBeenLastCalledWith("/org/contoso/events", { scroll: false });
    expect(navigation.push).toHaveBeenCalledTimes(2);
  });
});
