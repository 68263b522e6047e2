import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { organizationKeys } from "@/lib/organizations/queries";
import type { MspCreate } from "@/lib/people/schema";

// SPEC §2 core/msp, the operator's MSP list and Add MSP: one definition per endpoint, read by the server prefetch and
// the page alike.

export const MSP_PAGE_SIZE = 50;

/** The API's search limit (mspListQuerySchema). */
const SEARCH_MAX = 100;

const normalize = (search?: string) => search?.trim().slice(0, SEARCH_MAX) || undefined;

export const mspKeys = {
  all: ["msps"] as const,
  list: (search?: string) => [...mspKeys.all, "list", normalize(search) ?? ""] as const,
};

const listMsps = (search: string | undefined, cursor: string | undefined, signal: AbortSignal) =>
  api.get("/api/v1/core/msp", { params: { query: { search, limit: MSP_PAGE_SIZE, cursor } }, signal });

/** An MSP as the list shows it: its name, and its customers and attachments counted by the server. */
export type MspListItem = Awaited<ReturnType<typeof listMsps>>["items"][number];

// GET /api/v1/core/msp — by name, a page at a time, with each MSP's customers and attachments counted by the server.
export const mspsQueryOptions = (search?: string) => {
  const filter = normalize(search);
  return pagedQueryOptions({
    queryKey: mspKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listMsps(filter, pageParam, signal),
  });
};

// POST /api/v1/core/msp — the MSP and the invitation of its first admin; SPEC §7: organization queries are refreshed.
export function useCreateMsp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MspCreate) => api.post("/api/v1/core/msp", { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mspKeys.all });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
