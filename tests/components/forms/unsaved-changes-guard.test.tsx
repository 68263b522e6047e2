import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UnsavedChangesGuard } from "@/components/forms/unsaved-changes-guard";
import { clickFollows, navigation } from "../navigation";
import { renderWithProviders } from "../providers";

vi.mock("next/navigation", async () => (await import("../navigation")).nextNavigationMock());

// SPEC §4: with unsaved changes, following a link inside the console or closing the tab asks first.
function Page({ when }: { when: boolean }) {
  return (
    <>
      <UnsavedChangesGuard when={when} />
      <a href="/sites?type=aws#top">
        <span>Sites</span>
      </a>
      <a href="https://example.org/docs">Elsewhere</a>
      <a href="/paths" target="_blank">
        New tab
      </a>
      <a href="/export.csv" download>
        Download
      </a>
      <a href={window.location.pathname}>Here</a>
    </>
  );
}

const question = () => screen.queryByRole("alertdialog");
const beforeUnloadCancelled = () => !window.dispatchEvent(new Event("beforeunload", { cancelable: true }));

beforeEach(() => navigation.push.mockClear());

describe("UnsavedChangesGuard", () => {
  it("holds a link inside the console until the user chooses: Stay keeps the page, Leave follows the link", async () => {
    renderWithProviders(<Page when />);
    // The click lands on the link's content: the guard finds the link around it.
    expect(clickFollows(screen.getByText("Sites"))).toBe(false);
    // The question's code is fetched when it is first asked.
    const stay = await screen.findByRole("button", { name: "Stay" });
    expect(question()).toHaveProperty("textContent", expect.stringContaining("Leave without saving?"));
    fireEvent.click(stay);
    expect(question()).toBeNull();
    expect(navigation.push).not.toHaveBeenCalled();

    expect(clickFollows(screen.getByText("Sites"))).toBe(false);
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(question()).toBeNull();
    expect(navigation.push).toHaveBeenCalledExactlyOnceWith("/sites?type=aws#top");
  });

  it("asks in the user's language", async () => {
    renderWithProviders(<Page when />, { locale: "fr" });
    clickFollows(screen.getByText("Sites"));
    expect(await screen.findByRole("button", { name: "Rester" })).toBeTruthy();
  });

  it("lets through what is not a move inside the console: another site, a new tab, a download, the same page, a modified click", () => {
    renderWithProviders(<Page when />);
    expect(clickFollows(screen.getByText("Elsewhere"))).toBe(true);
    expect(clickFollows(screen.getByText("New tab"))).toBe(true);
    expect(clickFollows(screen.getByText("Download"))).toBe(true);
    expect(clickFollows(screen.getByText("Here"))).toBe(true);
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const) {
      expect(clickFollows(screen.getByText("Sites"), { [modifier]: true })).toBe(true);
    }
    expect(clickFollows(screen.getByText("Sites"), { button: 1 })).toBe(true);
    expect(question()).toBeNull();
    expect(navigation.push).not.toHaveBeenCalled();
  });

  it("asks before the tab closes only while there are unsaved changes", () => {
    const { rerender } = renderWithProviders(<Page when />);
    expect(beforeUnloadCancelled()).toBe(true);
    rerender(<Page when={false} />);
    expect(beforeUnloadCancelled()).toBe(false);
    expect(clickFollows(screen.getByText("Sites"))).toBe(true);
    expect(question()).toBeNull();
  });
});
