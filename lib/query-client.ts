import { QueryClient, defaultShouldDehydrateQuery, isServer } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api/client";
import { ListTooLongError } from "@/lib/api/paging";

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 422]);

/** One factory for the server (a client per request) and the browser (one per tab). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A server render never waits on retries (a failing prefetch would hold the page 3 s, a timeout 45 s): the
        // browser fetches what the page did not get, and retries there.
        // A list too long to load whole stays too long.
        retry: (failures, error) =>
          !isServer && !(error instanceof ApiRequestError && NO_RETRY_STATUSES.has(error.status)) && !(error instanceof ListTooLongError) && failures < 2,
      },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}

let browserClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
