"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { devicesQueryOptions, type DeviceListFilter } from "@/lib/inventory/queries";

/** An inventory page's list: the filters, the search box debounced, keyset pages kept while the next filter loads. */
export function useDeviceList(filter: DeviceListFilter) {
  const search = useDebouncedValue(filter.search?.trim() ?? "", 300);
  const query = useInfiniteQuery({ ...devicesQueryOptions({ ...filter, search }), placeholderData: keepPreviousData });
  return { query, search, devices: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
