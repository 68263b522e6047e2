"use client";

import Link from "next/link";
import { useState } from "react";
import { FIRST_ROWS } from "@/lib/dashboard/lists";
import type { CurrentList } from "@/lib/telemetry/queries";

// A dashboard card lists its worst few rows (DASHBOARD_LIST_ROWS); under them, how many more there are, as a link to
// the page listing them all, or, where no page does, a toggle showing them all in place.

/** The card's footer: a link to the full list, or a button; `note` says what an expanded list still leaves out. */
export function MoreRows({ label, href, onClick, note }: { label: string; href?: string; onClick?: () => void; note?: string }) {
  const className = "text-xs font-medium text-primary hover:underline";
  return (
    <div className="-mx-4 -mb-4 mt-3 flex flex-wrap items-center justify-between gap-2 border-t px-4 py-2">
      {href ? (
        <Link href={href} className={className} data-testid="more-rows">
          {label}
        </Link>
      ) : (
        <button type="button" onClick={onClick} className={className} data-testid="more-rows">
          {label}
        </button>
      )}
      {note && (
        <span className="text-xs text-muted-foreground" data-testid="rows-left-out">
          {note}
        </span>
      )}
    </div>
  );
}

/** Whether a card shows all its rows in place: the list its query asks for, and the toggle. */
export function useExpandableList(): { expanded: boolean; list: CurrentList; toggle: () => void } {
  const [expanded, setExpanded] = useState(false);
  return { expanded, list: expanded ? {} : FIRST_ROWS, toggle: () => setExpanded((value) => !value) };
}
