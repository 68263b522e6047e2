import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { decryptSecret } from "@/server/secrets/crypto";

// The demo network must be consistent with the model's own rules, or the demo teaches the wrong thing.
// The file's database is seeded by the same seedDemo the console runs, network included.
process.env.TEST_SEED_NETWORK = "1";

let db: Db;
const rows = <T,>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

beforeAll(async () => {
  db = await getDb();
});

describe("the demo network", () => {
  it("has core fabrics of at least four core nodes in full mesh", async () => {
    const fabrics = await rows<{ id: string; nodes: number; pairs: number; linked: number }>(sql`
      select f.id,
        (select count(*)::int from nodes n where n.core_fabric_id = f.id) as nodes,
        (select count(*)::int from nodes a join nodes b on a.core_fabric_id = f.id and b.core_fabric_id = f.id and a.id < b.id) as pairs,
        (select count(*)::int from nodes a join nodes b on a.core_fabric_id = f.id and b.core_fabric_id = f.id and a.id < b.id
          where exists (select 1 from links l where (l.source_node_id = a.id and l.destination_node_id = b.id)
                                                 or (l.source_node_id = b.id and l.destination_node_id = a.id))) as linked
      from core_fabrics f`);
    expect(fabrics.length).toBeGreaterThanOrEqual(2);
    for (const fabric of fabrics) {
      expect(fabric.nodes).toBeGreaterThanOrEqual(4);
      expect(fabric.linked).toBe(fabric.pairs);
    }
  });

  it("has sites of every type and connectors of every kind", async () => {
    const types = await rows<{ type: string }>(sql`select distinct type from sites`);
    expect(types.map((t) => t.type).sort()).toEqual(["aws", "aws-direct-connect", "azure", "gcp", "oracle", "standard"]);
    const kinds = await rows<{ kind: string }>(sql`select distinct kind from connectors`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(["external", "internet", "ipsec", "physical", "virtual"]);
    const cloud = await rows<{ n: number }>(sql`select count(*)::int as n from sites where type <> 'standard' and (cloud_account_id is null or cloud_region is null)`);
    expect(cloud[0].n).toBe(0);
  });

  it("has Layer 2 and Layer 3 paths within every connector's bandwidth, without VLAN conflicts", async () => {
    const layers = await rows<{ layer: string }>(sql`select distinct layer from paths`);
    expect(layers.map((l) => l.layer).sort()).toEqual(["layer2", "layer3"]);
    const over = await rows<{ name: string }>(sql`
      select c.name from connectors c
      where c.bandwidth_mbps < (select coalesce(sum(p.bandwidth_mbps), 0) from paths p
                                where p.source_connector_id = c.id or p.destination_connector_id = c.id)`);
    expect(over).toEqual([]);
    const vlanClash = await rows<{ n: number }>(sql`
      select count(*)::int as n from paths a join paths b on a.id < b.id
      and (a.source_connector_id in (b.source_connector_id, b.destination_connector_id)
        or a.destination_connector_id in (b.source_connector_id, b.destination_connector_id))
      where a.vlan_type = 'all' or b.vlan_type = 'all' or a.vlan_id = b.vlan_id`);
    expect(vlanClash[0].n).toBe(0);
    const layer3WithoutPrefix = await rows<{ n: number }>(sql`select count(*)::int as n from paths where layer = 'layer3' and cardinality(prefixes) = 0`);
    expect(layer3WithoutPrefix[0].n).toBe(0);
    const crossTenant = await rows<{ n: number }>(sql`
      select count(*)::int as n from paths p join sites s on s.id in (p.source_site_id, p.destination_site_id) where s.organization_id <> p.organization_id`);
    expect(crossTenant[0].n).toBe(0);
  });

  it("has edge and CPE nodes with claimed devices, spares and unclaimed stock", async () => {
    const kinds = await rows<{ kind: string; n: number }>(sql`select kind, count(*)::int as n from nodes group by kind order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(["core", "cpe", "edge"]);
    const [devices] = await rows<{ assigned: number; spare: number; unclaimed: number }>(sql`
      select count(*) filter (where node_id is not null)::int as assigned,
             count(*) filter (where node_id is null and msp_organization_id is not null)::int as spare,
             count(*) filter (where msp_organization_id is null)::int as unclaimed from devices`);
    expect(devices.assigned).toBeGreaterThanOrEqual(10);
    expect(devices.spare).toBeGreaterThan(0);
    expect(devices.unclaimed).toBeGreaterThan(0);
    const wrongMsp = await rows<{ n: number }>(sql`select count(*)::int as n from devices d join nodes n on n.id = d.node_id where n.organization_id <> d.msp_organization_id`);
    expect(wrongMsp[0].n).toBe(0);
  });

  it("uses each VLAN once per node", async () => {
    const clashes = await rows<{ node: string; vlan: number }>(sql`
      select node, vlan from (
        select source_node_id as node, source_vlan as vlan from links
        union all select destination_node_id, destination_vlan from links) v
      group by node, vlan having count(*) > 1`);
    expect(clashes).toEqual([]);
  });

  it("has alarm, event and lifecycle history", async () => {
    const [counts] = await rows<{ open: number; acknowledged: number; cleared: number; events: number; statuses: number }>(sql`
      select (select count(*)::int from alarms where cleared_at is null and acknowledged_at is null) as open,
             (select count(*)::int from alarms where acknowledged_at is not null) as acknowledged,
             (select count(*)::int from alarms where cleared_at is not null) as cleared,
             (select count(*)::int from events) as events,
             (select count(distinct status)::int from lifecycle_operations) as statuses`);
    expect(counts.open).toBeGreaterThan(0);
    expect(counts.acknowledged).toBeGreaterThan(0);
    expect(counts.cleared).toBeGreaterThan(0);
    expect(counts.events).toBeGreaterThanOrEqual(30);
    expect(counts.statuses).toBeGreaterThanOrEqual(4);
  });

  it("keeps secrets encrypted", async () => {
    const [ipsec] = await rows<{ key: string }>(sql`select preshared_key_encrypted as key from connectors where kind = 'ipsec' limit 1`);
    expect(ipsec.key).not.toContain("demo-preshared-key");
    expect(await decryptSecret(db, ipsec.key)).toBe("demo-preshared-key-contoso");
    const [fabric] = await rows<{ secret: string }>(sql`select client_secret_encrypted as secret from external_fabrics limit 1`);
    expect(await decryptSecret(db, fabric.secret)).toBe("demo-equinix-client-secret");
  });
});
