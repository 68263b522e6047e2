"use client";

import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { daysInMonth, formatDateTimeText, parseDateTimeText, readWallClock, writeWallClock } from "@/lib/i18n/date-time-text";
import { cn } from "@/lib/utils";

export interface DateTimeInputProps extends Omit<React.ComponentProps<"input">, "value" | "onChange" | "type" | "defaultValue"> {
  /** The wall clock, "2026-12-07T09:30" (what a datetime-local input holds), or "". */
  value: string;
  /** The wall clock typed or chosen; "" while the text is not a date. */
  onChange: (value: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
  /** The text box's test id; the calendar's button gets it with "-calendar". */
  testId?: string;
}

/**
 * A date and time typed the way the user's language writes it (07/12/2026 09:30 in French), or chosen on a calendar,
 * instead of the browser's datetime-local input, which writes mm/dd/yyyy whatever the console's language.
 */
export function DateTimeInput({ value, onChange, inputRef, testId, className, disabled, onBlur, ...props }: DateTimeInputProps) {
  const locale = useLocale();
  const t = useTranslations("dateTime");
  const [text, setText] = useState(() => formatDateTimeText(value, locale));
  // The value last sent or shown: another value from outside (a reset, a new URL) replaces the text.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(formatDateTimeText(value, locale));
  }
  const [open, setOpen] = useState(false);
  const emit = (next: string) => {
    setShown(next);
    onChange(next);
  };
  return (
    <div className={cn("flex w-full items-center gap-1", className)}>
      <Input
        {...props}
        ref={inputRef}
        data-testid={testId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        value={text}
        placeholder={t("placeholder")}
        onChange={(event) => {
          setText(event.target.value);
          emit(parseDateTimeText(event.target.value, locale));
        }}
        onBlur={(event) => {
          // A date typed loosely ("7/12/2026 9h30") is written back the one way the language writes it.
          const parsed = parseDateTimeText(text, locale);
          if (parsed) setText(formatDateTimeText(parsed, locale));
          onBlur?.(event);
        }}
      />
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="icon" disabled={disabled} aria-label={t("choose")} data-testid={testId ? `${testId}-calendar` : undefined}>
            <CalendarDays aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-auto p-3">
          <Calendar
            value={parseDateTimeText(text, locale)}
            onChoose={(day) => {
              const current = readWallClock(parseDateTimeText(text, locale));
              const next = writeWallClock({ ...day, hour: current?.hour ?? 0, minute: current?.minute ?? 0 });
              setText(formatDateTimeText(next, locale));
              emit(next);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}

type Day = { year: number; month: number; day: number };

/** A month of days to choose from, in the language's month and weekday names; the week starts on Monday in French. */
function Calendar({ value, onChoose }: { value: string; onChoose: (day: Day) => void }) {
  const locale = useLocale();
  const t = useTranslations("dateTime");
  const selected = readWallClock(value);
  const today = new Date();
  const [month, setMonth] = useState(() => ({ year: selected?.year ?? today.getFullYear(), month: selected?.month ?? today.getMonth() + 1 }));
  const weekStart = locale === "fr" ? 1 : 0;
  const first = new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay();
  const blanks = (first - weekStart + 7) % 7;
  const days = Array.from({ length: daysInMonth(month.year, month.month) }, (_, index) => index + 1);
  const utc = (day: number) => new Date(Date.UTC(month.year, month.month - 1, day));
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 1 + ((weekStart + index) % 7)))),
  );
  const step = (delta: number) =>
    setMonth(({ year, month: current }) => {
      const index = year * 12 + (current - 1) + delta;
      return { year: Math.floor(index / 12), month: (index % 12) + 1 };
    });
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(utc(1));
  const label = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
  return (
    <div className="grid gap-2" data-testid="date-time-calendar">
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="icon" onClick={() => step(-1)} aria-label={t("previousMonth")}>
          <ChevronLeft aria-hidden />
        </Button>
        <p className="text-sm font-medium first-letter:uppercase" aria-live="polite">
          {title}
        </p>
        <Button type="button" variant="ghost" size="icon" onClick={() => step(1)} aria-label={t("nextMonth")}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted-foreground" aria-hidden>
        {weekdays.map((weekday) => (
          <span key={weekday}>{weekday}</span>
        ))}
      </div>
      <div className="grid grid-cols-7 gap-1">
        {Array.from({ length: blanks }, (_, index) => (
          <span key={`blank-${index}`} />
        ))}
        {days.map((day) => {
          const isSelected = selected?.year === month.year && selected.month === month.month && selected.day === day;
          return (
            <Button
              key={day}
              type="button"
              variant={isSelected ? "default" : "ghost"}
              size="icon"
              className="size-8 text-sm font-normal"
              aria-label={label.format(utc(day))}
              aria-pressed={isSelected}
              onClick={() => onChoose({ year: month.year, month: month.month, day })}
            >
              {day}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
