"use client";

import { useFormatter } from "next-intl";

// dateStyle/timeStyle cannot be combined with timeZoneName in Intl, hence the fields one by one.
const TO_THE_MINUTE = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;
const TO_THE_SECOND = { ...TO_THE_MINUTE, second: "2-digit" } as const;

/**
 * A moment in the user's language, in the console's display time zone, named so it cannot be misread; the exact
 * instant is in the tooltip.
 */
export function Timestamp({ value, className, seconds = true }: { value: string; className?: string; seconds?: boolean }) {
  const format = useFormatter();
  const date = new Date(value);
  return (
    <time dateTime={value} className={className} title={value}>
      {format.dateTime(date, seconds ? TO_THE_SECOND : TO_THE_MINUTE)}
    </time>
  );
}
