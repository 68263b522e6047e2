"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { DISPLAY_TIME_ZONE } from "@/lib/constants";
import { browserTimeZone } from "@/lib/lifecycle/zoned-time";

const noSubscription = () => () => {};

/**
 * The user's time zone (the browser's). The server renders in the console's display zone and the page switches to
 * the user's right after hydration, so the HTML and the first client render agree.
 */
export function useUserTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => DISPLAY_TIME_ZONE);
}

/** The current time (ms), renewed every `intervalMs` while `enabled`; null before the page is hydrated. */
export function useNow(enabled: boolean, intervalMs = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setNow(Date.now());
    const first = setTimeout(update, 0);
    const timer = setInterval(update, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enabled, intervalMs]);
  return enabled ? now : null;
}
