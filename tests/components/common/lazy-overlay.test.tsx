import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyOverlay, type OverlayProps } from "@/components/common/lazy-overlay";

/** A stand-in overlay: shows its trigger, and a panel while open. */
function Panel({ trigger, defaultOpen, label }: OverlayProps & { label: string }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div>
      <span onClick={() => setOpen((was) => !was)}>{trigger}</span>
      {open && <p role="dialog">{label}</p>}
    </div>
  );
}

/** A module fetch that resolves when the test says so. */
function deferredModule() {
  let resolve: (component: typeof Panel) => void = () => undefined;
  const load = vi.fn(() => new Promise<typeof Panel>((done) => (resolve = done)));
  return { load, resolve: (component: typeof Panel) => act(async () => resolve(component)) };
}

afterEach(cleanup);

describe("lazyOverlay", () => {
  it("renders only the trigger until asked, then fetches the overlay once and mounts it open", async () => {
    const fetched = deferredModule();
    const Overlay = lazyOverlay(fetched.load);
    const ownClick = vi.fn();
    render(<Overlay label="Menu content" trigger={<button onClick={ownClick}>Open</button>} />);
    expect(fetched.load).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(ownClick).toHaveBeenCalledTimes(1);
    expect(fetched.load).toHaveBeenCalledTimes(1);
    // While the code is on its way the trigger stays on screen.
    expect(screen.getByRole("button", { name: "Open" })).toBeTruthy();
    await fetched.resolve(Panel);
    expect((await screen.findByRole("dialog")).textContent).toBe("Menu content");
    expect(fetched.load).toHaveBeenCalledTimes(1);
  });

  it("fetches early on hover or focus without opening", async () => {
    const fetched = deferredModule();
    const Overlay = lazyOverlay(fetched.load);
    render(<Overlay label="x" trigger={<button>Open</button>} />);
    fireEvent.pointerEnter(screen.getByRole("button"));
    fireEvent.focus(screen.getByRole("button"));
    expect(fetched.load).toHaveBeenCalledTimes(1);
    await fetched.resolve(Panel);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens on hover or focus for a tooltip", async () => {
    const fetched = deferredModule();
    const Overlay = lazyOverlay(fetched.load, "hover");
    render(<Overlay label="Live updates are on" trigger={<span tabIndex={0}>Live</span>} />);
    fireEvent.focus(screen.getByText("Live"));
    await fetched.resolve(Panel);
    expect((await screen.findByRole("dialog")).textContent).toBe("Live updates are on");
  });

  it("fetches again after a failed fetch", async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error("chunk")).mockResolvedValue(Panel);
    const Overlay = lazyOverlay(load);
    Overlay.preload();
    await act(async () => undefined);
    render(<Overlay label="Second time" trigger={<button>Open</button>} />);
    fireEvent.click(screen.getByRole("button"));
    expect((await screen.findByRole("dialog")).textContent).toBe("Second time");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
