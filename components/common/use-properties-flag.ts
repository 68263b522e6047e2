"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { toSearchFlag } from "@/lib/events/search";

/** The SPEC §2 properties flag of a configuration page (?properties=true), read with the shared search rule. */
export function usePropertiesFlag(): [boolean, (open: boolean) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const properties = toSearchFlag(params.get("properties") ?? undefined);
  const setOpen = (open: boolean) => {
    const next = new URLSearchParams(params.toString());
    if (open) next.set("properties", "true");
    else next.delete("properties");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return [properties, setOpen];
}
