import "server-only";
import { and, inArray } from "drizzle-orm";
import type { z } from "zod";
import { ASSISTANT_LIST_MAX } from "@/lib/assistant/tools";
import type {
  inventoryInputSchema,
  inventoryOutputSchema,
  lifecycleInputSchema,
  lifecycleOutputSchema,
  nodeStatusInputSchema,
  nodeStatusOutputSchema,
} from "@/lib/assistant/tool-schemas";
import { hasScopes, type Scope } from "@/lib/auth/scopes";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { DEVICE_STATUSES } from "@/lib/inventory/schema";
import { LIFECYCLE_TAB_NAMES, type LifecycleTab } from "@/lib/lifecycle/schema";
import { listAlarmsAbout } from "@/server/alarms/service";
import { countDevices, countDevicesBy, listDevices } from "@/server/inventory/service";
import { countOperations, listOperations } from "@/server/lifecycle/service";
import { telemetryDeviceState } from "@/server/db/schema";
import { TELEMETRY } from "@/server/telemetry/config";
import { nodeConnectedSites, nodeDevice, nodePorts } from "@/server/telemetry/queries/node";
import { resolveNode } from "../resolve";
import { AssistantToolError, consoleLink, type ChatScope } from "../scope";
import { unresolvedOutput } from "./live";
import type { ToolEnvironment } from "./shared";

// The tools about devices (issue 16, scope 2): a node's front panel, its device's reachability and software, the
// inventory and claim status, lifecycle operations — through the same services and scopes as their pages.

type Out<T extends z.ZodType> = z.infer<T>;

function requireScope(environment: ToolEnvironment, scope: ChatScope, needed: Scope[]) {
  if (!needed.some((one) => hasScopes(scope.context.principal.scopes, [one]))) throw new AssistantToolError(environment.t("assistant.errors.forbidden"));
}

const nodePage = (node: { id: string; kind: string }) =>
  node.kind === "edge" ? `msp/edgeNode/${encodeURIComponent(node.id)}/monitor` : node.kind === "cpe" ? `msp/cpeNode/${encodeURIComponent(node.id)}/monitor` : null;

// nodeStatus — a node (by name, id or its device's serial): its device's reachability, software, uptime and load, its
// ports' states, and when asked the sites it serves (its monitor page's three cards).
export async function nodeStatus(environment: ToolEnvironment, input: Out<typeof nodeStatusInputSchema>, now = Date.now()): Promise<Out<typeof nodeStatusOutputSchema>> {
  const scope = await environment.scope();
  const resolution = await resolveNode(scope, input.node);
  if (resolution.status !== "found") return unresolvedOutput(resolution, input.node, (node) => node.serialNumber);
  const node = resolution.item;
  const [status, panel, served] = await Promise.all([
    nodeDevice(scope.context, node.id, now),
    nodePorts(scope.context, node.id),
    input.sites ? nodeConnectedSites(scope.context, node.id) : null,
  ]);
  const device = status.device;
  return {
    status: "found",
    node: { id: node.id, name: node.name, kind: node.kind },
    device: device
      ? {
          serialNumber: device.serialNumber,
          model: device.model,
          softwareVersion: device.softwareVersion,
          reachable: device.reachable,
          lastSeenAt: device.lastSeenAt,
          uptimeSeconds: device.uptimeSeconds,
          cpuPercent: device.cpuPercent,
          memoryPercent: device.memoryPercent,
        }
      : null,
    ports: panel.ports.map((port) => ({ portId: port.portId, status: port.status })),
    connectedSites: served
      ? {
          total: served.total,
          customers: served.customers,
          sites: served.items.slice(0, ASSISTANT_LIST_MAX).map((site) => ({ name: site.name, organizationName: site.organizationName, ports: [...site.ports, ...site.switchPorts.map(String)], sla: site.sla })),
        }
      : null,
    links: consoleLink(scope, environment.t("assistant.links.node", { node: node.name }), nodePage(node)),
  };
}

// inventory — the devices the caller sees: one by serial, those of a status, or those that stopped reporting.
export async function inventory(environment: ToolEnvironment, input: Out<typeof inventoryInputSchema>, now = Date.now()): Promise<Out<typeof inventoryOutputSchema>> {
  const scope = await environment.scope();
  requireScope(environment, scope, ["msp:inventory:read", "internal:inventory:read"]);
  const query = input.serial?.trim() || null;
  // Filtered and counted by the database: "which stopped reporting" (open unreachable alarms included) and "how many
  // are unassigned" hold for an inventory of any size, not for its first page.
  const filter = { search: query ?? undefined, status: input.status, notReporting: input.silent || undefined };
  const grouped = input.groupBy === "version" || input.groupBy === "model" ? input.groupBy : null;
  const [page, count, byStatus, groups] = await Promise.all([
    listDevices(scope.context, { ...filter, limit: 100 }, now),
    countDevices(scope.context, filter, now),
    // "How are my devices spread by status?": each status counted by the database.
    input.byStatus || input.groupBy === "status"
      ? Promise.all(DEVICE_STATUSES.map(async (status) => [status, await countDevices(scope.context, { ...filter, status }, now)] as const)).then(Object.fromEntries)
      : null,
    // "How many boxes per software version?": each version (or model) counted by the database.
    grouped ? countDevicesBy(scope.context, filter, grouped, now) : [],
  ]);
  let items = page.items;
  let total = count;
  if (query) {
    const exact = items.filter((device) => device.serialNumber.toLowerCase() === query.toLowerCase());
    if (exact.length > 0) [items, total] = [exact, exact.length];
  }
  const ids = items.map((device) => device.id);
  // The listed devices the console reports unreachable: the open device-unreachable alarms about them (named by serial).
  const [states, unreachable] =
    ids.length === 0
      ? [[], { items: [] }]
      : await Promise.all([
          scope.context.db
            .select({ deviceId: telemetryDeviceState.deviceId, lastSeenAt: telemetryDeviceState.lastSeenAt, silent: telemetryDeviceState.silent })
            .from(telemetryDeviceState)
            .where(and(inArray(telemetryDeviceState.deviceId, ids))),
          listAlarmsAbout(scope.context, { acknowledged: "all", state: "active", type: "device-unreachable" }, { subjects: ids.map((id) => `device:${id}`), nodeIds: [] }, ids.length),
        ]);
  const alarmed = new Set(unreachable.items.map((alarm) => alarm.source.toLowerCase()));
  const stateOf = new Map(states.map((state) => [state.deviceId, state]));
  const reachable = (id: string, serial: string, assigned: boolean) => {
    const state = stateOf.get(id);
    if (alarmed.has(serial.toLowerCase())) return false;
    if (!assigned) return null;
    return Boolean(state && !state.silent && state.lastSeenAt.getTime() >= now - TELEMETRY.silentAfterMs);
  };
  const devices = items
    .map((device) => {
      const state = stateOf.get(device.id);
      return {
        serialNumber: device.serialNumber,
        model: device.model,
        softwareVersion: device.softwareVersion,
        status: device.status,
        nodeName: device.nodeName,
        mspName: device.mspName,
        reachable: reachable(device.id, device.serialNumber, device.status === "assigned"),
        lastSeenAt: state ? state.lastSeenAt.toISOString() : null,
      };
    })
    .filter((device) => !input.silent || device.reachable === false);
  const inventoryPage = scope.organization.organizationType === "maia" ? "core/inventory" : "msp/inventory";
  return {
    query,
    status: input.status ?? null,
    silent: input.silent ?? false,
    total,
    byStatus,
    groupBy: input.groupBy ?? null,
    groups,
    devices: devices.slice(0, ASSISTANT_LIST_MAX),
    links: consoleLink(scope, environment.t("assistant.links.inventory"), inventoryPage),
  };
}

const TABS_IN_ORDER: LifecycleTab[] = ["running", "scheduled", "finished"];

// lifecycleOperations — the lifecycle page's tabs: operations with their status, progress and summary.
export async function lifecycleOperations(environment: ToolEnvironment, input: Out<typeof lifecycleInputSchema>): Promise<Out<typeof lifecycleOutputSchema>> {
  const scope = await environment.scope();
  requireScope(environment, scope, ["msp:lifecycle:read"]);
  const tabs = input.tab ? [input.tab] : TABS_IN_ORDER.filter((tab) => LIFECYCLE_TAB_NAMES.includes(tab));
  // Filtered and counted by the database, tab by tab: a device's operations and a tab's total hold for any number.
  const filterOf = (tab: LifecycleTab) => ({ tab, status: input.status, device: input.device?.trim() || undefined, organizationId: scope.organizationFilter });
  const [pages, counts] = await Promise.all([
    Promise.all(tabs.map((tab) => listOperations(scope.context, { ...filterOf(tab), limit: ASSISTANT_LIST_MAX }))),
    Promise.all(tabs.map((tab) => countOperations(scope.context, filterOf(tab)))),
  ]);
  const operations = pages.flatMap((page) => page.items);
  return {
    device: input.device?.trim() || null,
    total: counts.reduce((sum, count) => sum + count, 0),
    operations: operations.slice(0, ASSISTANT_LIST_MAX).map((operation) => ({
      serialNumber: operation.serialNumber,
      nodeName: operation.nodeName,
      operation: operation.operation,
      version: operation.version,
      status: operation.status,
      scheduledAt: operation.scheduledAt,
      startedAt: operation.startedAt,
      finishedAt: operation.finishedAt,
      progress: operation.progress,
      summary: translateLifecycleSummary(environment.t as never, operation.summary),
      createdBy: operation.createdBy,
    })),
    links: consoleLink(scope, environment.t("assistant.links.lifecycle"), `msp/lifecycle/${input.tab ?? "scheduled"}`),
  };
}


