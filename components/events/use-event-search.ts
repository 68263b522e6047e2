"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useTransition } from "react";
import { eventSearchToParams, parseEventSearch } from "@/lib/events/queries";
import type { EventSearch } from "@/lib/events/schema";

/**
 * The events page's search, read from the URL with the same schema the server page parsed it with (SPEC §5), and
 * written back to the URL, so the view is a link and the server prefetches it.
 */
export function useEventSearch() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const text = params.toString();
  const search = useMemo(() => parseEventSearch(new URLSearchParams(text)), [text]);
  const setSearch = (next: EventSearch) => {
    const query = eventSearchToParams(next);
    // The table's sort (components/common/data-table.tsx) stays as it is.
    for (const name of ["sort", "order"]) if (params.get(name)) query.set(name, params.get(name)!);
    const text = query.toString();
    startTransition(() => router.push(text ? `${pathname}?${text}` : pathname, { scroll: false }));
  };
  return { search, setSearch, pending };
}
