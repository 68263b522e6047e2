import { matchQuery, QueryClient, type QueryFilters, type QueryKey } from "@tanstack/react-query";
import { realtimeRegistry } from "@/lib/realtime-areas";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import type { EntityAction, EntityNews, TelemetrySamples, TopologyHealth } from "@/lib/realtime-contract";
import type { RealtimeService } from "@/lib/realtime-protocol";
import { RealtimeRegistry, type AreaRealtime } from "@/lib/realtime-registry";

// Shared by the live-update tests: a real query cache, the messages of the contract, and what the registry makes of them.

/** A cache holding these entries. */
export function cacheOf(entries: readonly (readonly [QueryKey, unknown])[]): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

/** The pages of a paginated list. */
export const pages = (items: unknown[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [""] });

/** A query key as text: "paths/detail/p1", objects as {name=value,…}. */
export function keyText(queryKey: QueryKey): string {
  return queryKey
    .map((part) =>
      part && typeof part === "object"
        ? `{${Object.entries(part)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => `${name}=${String(value)}`)
            .join(",")}}`
        : String(part),
    )
    .join("/");
}

/** The cached queries the filters select, as text, sorted. */
export function selected(client: QueryClient, filters: readonly QueryFilters[]): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => filters.some((filter) => matchQuery(filter, query)))
    .map((query) => keyText(query.queryKey))
    .sort();
}

/** What a message refetches (as text) through the registry of these areas, or the console's. */
export function refetched(client: QueryClient, event: RealtimeEvent, areas?: readonly AreaRealtime[]): string[] {
  const registry = areas ? new RealtimeRegistry(areas) : realtimeRegistry;
  return selected(client, registry.apply(event, client));
}

/** Every cached entry's time, to show a message left them as they were. */
export const updatedAt = (client: QueryClient) => client.getQueryCache().getAll().map((query) => [keyText(query.queryKey), query.state.dataUpdatedAt]);

export const entity = <S extends "alarms" | "lifecycle" | "topology">(service: S, action: EntityAction, data: EntityNews) =>
  ({ service, action, data }) as RealtimeEvent<S>;
export const topology = (action: EntityAction, data: EntityNews) => entity("topology", action, data);
export const health = (data: Omit<TopologyHealth, "organizationId">): RealtimeEvent<"topology"> => ({
  service: "topology",
  action: "health",
  data: { organizationId: "org", ...data },
});
export const samples = (data: Omit<TelemetrySamples, "organizationId">): RealtimeEvent<"telemetry"> => ({
  service: "telemetry",
  action: "samples",
  data: { organizationId: "org", ...data },
});
export const resync = <S extends RealtimeService>(service: S) => ({ service, action: RESYNC_ACTION, data: {} }) as RealtimeEvent<S>;
