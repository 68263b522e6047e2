import "server-only";
import { sql } from "drizzle-orm";
import { worstSla, type PathSla, type PortState } from "@/lib/health";
import type { ConnectedSites, FrontPanel, NodeDeviceStatus } from "@/lib/telemetry/schema";
import { queryRows } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import { TELEMETRY } from "../config";
import { visibleNode, type QueryContext } from "@/server/core/visible-objects";

// A node's monitor page (SPEC §2): the front panel (each port up, down or disabled), the device's uptime and
// software version, and the sites connected through its ports.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const CONNECTED_SITES_MAX = 200;

export async function nodePorts(context: QueryContext, nodeId: string): Promise<FrontPanel> {
  const node = await visibleNode(context, nodeId);
  const rows = await queryRows<{
    kind: "interface" | "switch-port";
    port_id: string;
    customer_organization_id: string | null;
    site_id: string | null;
    status: PortState | null;
    rx_bps: number | null;
    tx_bps: number | null;
    reported_ms: number | null;
    changed_ms: number | null;
  }>(
    context.db,
    sql`with ports as (
          select 'interface' as kind, port_id, customer_organization_id, site_id, 0 as sort_group, 0 as sort_index
          from interfaces where node_id = ${node.id}
          union all
          select 'switch-port', index::text, customer_organization_id, site_id, 1, index from switch_ports where node_id = ${node.id})
        select p.kind, p.port_id, p.customer_organization_id, p.site_id, s.status, s.rx_bps, s.tx_bps,
               (extract(epoch from s.sampled_at) * 1000)::float8 as reported_ms, (extract(epoch from s.changed_at) * 1000)::float8 as changed_ms
        from ports p left join telemetry_port_state s on s.node_id = ${node.id} and s.port_id = p.port_id
        order by p.sort_group, p.sort_index, p.port_id`,
  );
  return {
    nodeId: node.id,
    ports: rows.map((row) => ({
      portId: row.port_id,
      kind: row.kind,
      status: row.status,
      rxBps: row.rx_bps,
      txBps: row.tx_bps,
      reportedAt: iso(row.reported_ms),
      changedAt: iso(row.changed_ms),
      customerOrganizationId: row.customer_organization_id,
      siteId: row.site_id,
    })),
  };
}

export async function nodeDevice(context: QueryContext, nodeId: string, now = Date.now()): Promise<NodeDeviceStatus> {
  const node = await visibleNode(context, nodeId);
  const [row] = await queryRows<{
    id: string;
    serial_number: string;
    model: string;
    inventory_version: string;
    reported_version: string | null;
    uptime_seconds: number | null;
    reported_ms: number | null;
    last_seen_ms: number | null;
    silent: boolean | null;
    cpu_percent: number | null;
    memory_percent: number | null;
  }>(
    context.db,
    sql`select d.id, d.serial_number, d.model, d.software_version as inventory_version, s.software_version as reported_version,
               s.uptime_seconds, (extract(epoch from s.reported_at) * 1000)::float8 as reported_ms,
               (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms, s.silent, s.cpu_percent, s.memory_percent
        from devices d left join telemetry_device_state s on s.device_id = d.id
        where d.node_id = ${node.id} limit 1`,
  );
  if (!row) return { nodeId: node.id, device: null };
  return {
    nodeId: node.id,
    device: {
      deviceId: row.id,
      serialNumber: row.serial_number,
      model: row.model,
      // What the device says it runs wins over the inventory's record.
      softwareVersion: row.reported_version ?? row.inventory_version,
      uptimeSeconds: row.uptime_seconds,
      reportedAt: iso(row.reported_ms),
      lastSeenAt: iso(row.last_seen_ms),
      reachable: row.last_seen_ms !== null && !row.silent && row.last_seen_ms >= now - TELEMETRY.silentAfterMs,
      cpuPercent: row.cpu_percent,
      memoryPercent: row.memory_percent,
    },
  };
}

export async function nodeConnectedSites(context: QueryContext, nodeId: string): Promise<ConnectedSites> {
  const node = await visibleNode(context, nodeId);
  const rows = await queryRows<{ id: string; name: string; organization_id: string; organization_name: string; ports: string[]; switch_ports: number[]; total: number; customers: number }>(
    context.db,
    sql`with attached as (
          select site_id, port_id as port, null::int as switch_port from interfaces where node_id = ${node.id} and site_id is not null
          union all
          select si.site_id, i.port_id || coalesce('.' || si.outer_vlan, ''), null from subinterfaces si join interfaces i on i.id = si.interface_id
          where i.node_id = ${node.id} and si.site_id is not null
          union all
          select site_id, null, index from switch_ports where node_id = ${node.id} and site_id is not null
          union all
          select site_id, public_ip, null from ipsec_endpoints where node_id = ${node.id} and site_id is not null),
        served as (
          select sites.id, sites.name, sites.organization_id, o.name as organization_name,
                 to_json(coalesce(array_agg(distinct a.port order by a.port) filter (where a.port is not null), '{}')) as ports,
                 to_json(coalesce(array_agg(distinct a.switch_port order by a.switch_port) filter (where a.switch_port is not null), '{}')) as switch_ports
          from attached a join sites on sites.id = a.site_id join organizations o on o.id = sites.organization_id
          where ${tenantWhere(context.principal, sites.organizationId, context.db) ?? sql`true`}
          group by sites.id, sites.name, sites.organization_id, o.name)
        select served.*, (select count(*) from served)::int as total, (select count(distinct organization_id) from served)::int as customers
        from served order by served.name, served.id limit ${CONNECTED_SITES_MAX}`,
  );
  const slas = new Map<string, PathSla[]>();
  if (rows.length > 0) {
    const ids = sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    );
    const paths = await queryRows<{ site_id: string; sla: PathSla }>(
      context.db,
      sql`select source_site_id as site_id, sla_health as sla from paths where source_site_id in (${ids})
          union all
          select destination_site_id, sla_health from paths where destination_site_id in (${ids})`,
    );
    for (const path of paths) {
      const list = slas.get(path.site_id);
      if (list) list.push(path.sla);
      else slas.set(path.site_id, [path.sla]);
    }
  }
  return {
    nodeId: node.id,
    items: rows.map((row) => ({
      siteId: row.id,
      name: row.name,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      ports: typeof row.ports === "string" ? (JSON.parse(row.ports) as string[]) : row.ports,
      switchPorts: typeof row.switch_ports === "string" ? (JSON.parse(row.switch_ports) as number[]) : row.switch_ports,
      sla: worstSla(slas.get(row.id) ?? []),
    })),
    total: Number(rows[0]?.total ?? 0),
    customers: Number(rows[0]?.customers ?? 0),
  };
}
