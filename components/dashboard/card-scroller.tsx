"use client";

import { ChevronsRight } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A table that may be wider than its card. While it is, it scrolls sideways, is reachable with the keyboard (a named
 * region that takes focus) and fades out at the right edge with an arrow, until its last column is in sight.
 */
export function CardScroller({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ scrolls: false, more: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const scrolls = element.scrollWidth > element.clientWidth + 1;
      const more = scrolls && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((current) => (current.scrolls === scrolls && current.more === more ? current : { scrolls, more }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      <div
        ref={ref}
        className="w-full overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="card-scroller"
        {...(overflow.scrolls ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      {overflow.more && (
        <div
          className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-gradient-to-l from-card via-card/80 to-transparent"
          data-testid="scroll-cue"
          aria-hidden
        >
          <ChevronsRight className="size-4 text-muted-foreground" />
        </div>
      )}
    </div>
  );
}
