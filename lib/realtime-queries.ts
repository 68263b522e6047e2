import { queryOptions } from "@tanstack/react-query";

/**
 * The time a server-rendered page read its data (the server's clock, ms since the epoch), handed to the browser with
 * the page's other queries: the realtime connection asks /ws for what was published since (RealtimeClient.catchUp).
 * Seeded by the page wrapper; never fetched.
 */
export const renderedAtQuery = queryOptions<number>({ queryKey: ["realtime", "rendered-at"], staleTime: Infinity });
