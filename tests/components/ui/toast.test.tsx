import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "@/components/ui/toast";
import { ToasterHost } from "@/components/ui/toaster-host";
import "../providers";

// One module state for the whole file: the first test shows toasts that waited for the toaster, the next ones use the
// toaster it left behind.
describe("the console's toasts", () => {
  it("keeps what is asked before the toaster is there, fetches it, and shows what waited in order", async () => {
    toast.success("First saved");
    toast.error("Second failed", { id: "second" });
    toast.success("Dropped before it showed", { id: "dropped" });
    toast.dismiss("dropped");
    const { unmount } = render(<ToasterHost />);
    expect(await screen.findByText("First saved")).toBeTruthy();
    expect(await screen.findByText("Second failed")).toBeTruthy();
    expect(screen.queryByText("Dropped before it showed")).toBeNull();
    const shown = screen.getAllByText(/First saved|Second failed/).map((element) => element.textContent);
    expect(shown).toEqual(expect.arrayContaining(["First saved", "Second failed"]));

    act(() => toast.dismiss("second"));
    await waitFor(() => expect(screen.queryByText("Second failed")).toBeNull());
    unmount();
  });

  it("goes straight to a toaster that listens", async () => {
    render(<ToasterHost />);
    act(() => toast.error("Straight away"));
    expect(await screen.findByText("Straight away")).toBeTruthy();
  });
});
