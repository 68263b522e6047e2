import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AuditFilterBar } from "@/components/audit/audit-filter-bar";
import type { AuditSearchValues } from "@/lib/audit/search";
import { renderWithProviders } from "../providers";

// The audit log's filter bar: what it hands the URL, and what it refuses before searching.
function renderBar(search: AuditSearchValues = {}, locale: "en" | "fr" = "en") {
  const onSearch = vi.fn();
  renderWithProviders(<AuditFilterBar search={search} pending={false} onSearch={onSearch} />, { locale });
  return onSearch;
}

describe("AuditFilterBar", () => {
  it("searches the user, object and range typed, trimmed, times read as UTC", () => {
    const onSearch = renderBar();
    fireEvent.change(screen.getByTestId("audit-user"), { target: { value: "  admin@contoso.example " } });
    fireEvent.change(screen.getByTestId("audit-object-filter"), { target: { value: "Lyon ⇄ Paris" } });
    fireEvent.change(screen.getByTestId("audit-start"), { target: { value: "2026-03-01T08:00" } });
    fireEvent.click(screen.getByTestId("audit-apply"));
    expect(onSearch).toHaveBeenCalledWith({ user: "admin@contoso.example", object: "Lyon ⇄ Paris", startTime: new Date("2026-03-01T08:00Z") });
  });

  it("keeps the URL's kind and exact instants when they are not edited, and clears everything", () => {
    const startTime = new Date("2026-03-01T08:00:12.345Z");
    const onSearch = renderBar({ kind: "path", startTime });
    expect(screen.getByTestId("audit-kind").textContent).toBe("Path");
    fireEvent.click(screen.getByTestId("audit-apply"));
    expect(onSearch).toHaveBeenLastCalledWith({ kind: "path", startTime });
    fireEvent.click(screen.getByTestId("audit-clear"));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });

  it("refuses an end before the start and a year the console cannot store, in the user's language", () => {
    const onSearch = renderBar({}, "fr");
    fireEvent.change(screen.getByTestId("audit-start"), { target: { value: "2026-03-02T00:00" } });
    fireEvent.change(screen.getByTestId("audit-end"), { target: { value: "2026-03-01T00:00" } });
    fireEvent.click(screen.getByTestId("audit-apply"));
    expect(screen.getByRole("alert").textContent).toBe("La fin de la période doit être après son début.");
    fireEvent.change(screen.getByTestId("audit-end"), { target: { value: "10000-01-01T00:00" } });
    fireEvent.click(screen.getByTestId("audit-apply"));
    expect(screen.getByRole("alert").textContent).toBe("Les dates doivent être comprises entre l’an 1 et l’an 9999");
    expect(onSearch).not.toHaveBeenCalled();
  });
});
