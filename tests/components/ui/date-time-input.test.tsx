import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DateTimeInput } from "@/components/ui/date-time-input";
import { renderWithProviders } from "../providers";

// Dates and times typed as the console's language writes them, or chosen on a calendar (issue 42), instead of the
// browser's datetime-local box (mm/dd/yyyy whatever the language). The field holds a wall clock, "2026-12-07T09:30".

function Field({ initial = "", onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="at">At</label>
      <DateTimeInput
        id="at"
        value={value}
        testId="at"
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button" onClick={() => setValue("2031-01-02T03:04")}>
        reset
      </button>
    </>
  );
}

const box = () => screen.getByTestId("at") as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe("DateTimeInput", () => {
  it("reads day first in French and writes the value back the French way", () => {
    const onValue = vi.fn();
    renderWithProviders(<Field onValue={onValue} />, { locale: "fr" });
    expect(box().placeholder).toBe("jj/mm/aaaa hh:mm");
    type("07/12/2026 09:30");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-07T09:30");
    type("7.12.2026 9h30");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-07T09:30");
    fireEvent.blur(box());
    expect(box().value).toBe("07/12/2026 09:30");
  });

  it("reads month first in English, with a 24-hour or an AM/PM time", () => {
    const onValue = vi.fn();
    renderWithProviders(<Field onValue={onValue} />, { locale: "en" });
    expect(box().placeholder).toBe("mm/dd/yyyy hh:mm");
    type("12/07/2026 09:30");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-07T09:30");
    type("12/07/2026 2:15 PM");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-07T14:15");
    fireEvent.blur(box());
    expect(box().value).toBe("12/07/2026 14:15");
  });

  it("takes an ISO date as pasted, and holds nothing while the text is not a date", () => {
    const onValue = vi.fn();
    renderWithProviders(<Field onValue={onValue} />, { locale: "fr" });
    type("2026-12-07T09:30");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-07T09:30");
    for (const text of ["31/02/2026 10:00", "07/12/20", "07/12/2026 24:00", "soon"]) {
      type(text);
      expect(onValue, text).toHaveBeenLastCalledWith("");
      expect(box().value).toBe(text);
    }
  });

  it("shows a value set from outside in the language's order", () => {
    renderWithProviders(<Field initial="2026-12-07T09:30" onValue={() => {}} />, { locale: "fr" });
    expect(box().value).toBe("07/12/2026 09:30");
    fireEvent.click(screen.getByText("reset"));
    expect(box().value).toBe("02/01/2031 03:04");
  });

  it("chooses a day on a calendar in the user's language, keeping the time typed", async () => {
    const onValue = vi.fn();
    renderWithProviders(<Field initial="2026-12-07T09:30" onValue={onValue} />, { locale: "fr" });
    fireEvent.click(screen.getByRole("button", { name: "Choisir une date" }));
    const calendar = await screen.findByTestId("date-time-calendar");
    expect(calendar.textContent).toContain("décembre 2026");
    expect(screen.getByRole("button", { name: "lundi 7 décembre 2026" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Mois suivant" }));
    fireEvent.click(screen.getByRole("button", { name: "vendredi 15 janvier 2027" }));
    expect(onValue).toHaveBeenLastCalledWith("2027-01-15T09:30");
    expect(box().value).toBe("15/01/2027 09:30");
    expect(screen.queryByTestId("date-time-calendar")).toBeNull();
  });

  it("chooses a day in English", async () => {
    const onValue = vi.fn();
    renderWithProviders(<Field initial="2026-12-07T09:30" onValue={onValue} />, { locale: "en" });
    fireEvent.click(screen.getByRole("button", { name: "Choose a date" }));
    await screen.findByTestId("date-time-calendar");
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    fireEvent.click(screen.getByRole("button", { name: "Tuesday, November 3, 2026" }));
    expect(onValue).toHaveBeenLastCalledWith("2026-11-03T09:30");
    expect(box().value).toBe("11/03/2026 09:30");
  });
});
