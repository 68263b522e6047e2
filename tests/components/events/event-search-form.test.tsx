import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EventSearchForm } from "@/components/events/event-search-form";
import { renderWithProviders } from "../providers";

// Issue 13 finding 6: a browser's date input takes years the database cannot store; the form says so instead of searching.
function renderForm(locale: "en" | "fr" = "en") {
  const onSearch = vi.fn();
  renderWithProviders(<EventSearchForm search={{}} pending={false} onSearch={onSearch} />, { locale });
  return onSearch;
}

describe("EventSearchForm", () => {
  it.each([["275760-09-13T00:00"], ["10000-01-01T00:00"]])("refuses the start time %s, in the user's language", (value) => {
    const onSearch = renderForm();
    fireEvent.change(screen.getByTestId("event-start"), { target: { value } });
    fireEvent.click(screen.getByTestId("event-search-apply"));
    expect(screen.getByRole("alert").textContent).toBe("Dates must fall between the years 1 and 9999");
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("speaks French to a French user", () => {
    renderForm("fr");
    fireEvent.change(screen.getByTestId("event-end"), { target: { value: "10000-01-01T00:00" } });
    fireEvent.click(screen.getByTestId("event-search-apply"));
    expect(screen.getByRole("alert").textContent).toBe("Les dates doivent être comprises entre l’an 1 et l’an 9999");
  });

  it("still searches a range inside the years and still refuses an end before the start", () => {
    const onSearch = renderForm();
    fireEvent.change(screen.getByTestId("event-start"), { target: { value: "2026-03-02T00:00" } });
    fireEvent.change(screen.getByTestId("event-end"), { target: { value: "2026-03-01T00:00" } });
    fireEvent.click(screen.getByTestId("event-search-apply"));
    expect(screen.getByRole("alert").textContent).toBe("The end of the range must be after its start.");
    fireEvent.change(screen.getByTestId("event-end"), { target: { value: "2026-03-03T00:00" } });
    fireEvent.click(screen.getByTestId("event-search-apply"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSearch).toHaveBeenCalledWith({ startTime: new Date("2026-03-02T00:00Z"), endTime: new Date("2026-03-03T00:00Z"), type: undefined, nodeId: undefined, siteId: undefined, pathId: undefined });
  });

  it("searches a node, a site and a path by the names typed, and a type from the list", () => {
    const onSearch = vi.fn();
    renderWithProviders(<EventSearchForm search={{ type: "path.updated" }} pending={false} onSearch={onSearch} />, { locale: "fr" });
    // The type shows by its French label, not its code.
    expect(screen.getByTestId("event-type").textContent).toBe("Chemin modifié");
    fireEvent.change(screen.getByTestId("event-node"), { target: { value: "nw-edge-par-01" } });
    fireEvent.change(screen.getByTestId("event-site"), { target: { value: "Paris HQ" } });
    fireEvent.change(screen.getByTestId("event-path"), { target: { value: "Lyon ⇄ Paris" } });
    fireEvent.click(screen.getByTestId("event-search-apply"));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ type: "path.updated", nodeId: "nw-edge-par-01", siteId: "Paris HQ", pathId: "Lyon ⇄ Paris" }));
  });
});
