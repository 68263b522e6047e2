// npm run seed:scale — grows the database named by DATA_DIR / DATABASE_URL into a large network for benchmarks:
// 100 extra customers, 10,000 sites, 20,000 connectors, 100,000 paths, 1,000,000 events, and an admin of the first
// scale customer (SCALE_ADMIN_EMAIL, the demo password) to open its pages. Set-based SQL, so it takes seconds, not
// hours. Run it with the console stopped (PGlite is one process per directory).
import { sql } from "drizzle-orm";
import { roleFor } from "@/lib/auth/scopes";
import { hashPassword } from "@/server/auth/password";
import { databaseFromEnvironment, migrateDatabase, openDatabase, queryRows } from "@/server/db/client";
import { DEFAULT_DEMO_PASSWORD, seedDemo } from "@/server/db/seed";

/** The first scale customer's admin (scripts/bench-dashboard.mjs signs in as it). */
const SCALE_ADMIN_EMAIL = "admin@scale-customer-001.example";

const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 100);
const SITES_PER_CUSTOMER = Number(process.env.SCALE_SITES_PER_CUSTOMER ?? 100);
const PATHS_PER_CUSTOMER = Number(process.env.SCALE_PATHS_PER_CUSTOMER ?? 1000);
const EVENTS = Number(process.env.SCALE_EVENTS ?? 1_000_000);

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
               (select count(*)::int from events) as events, (select count(*)::int from organizations) as organizations`,
  );
  console.log(`Now: ${counts.organizations} organizations, ${counts.sites} sites, ${counts.paths} paths, ${counts.events} events (${handle.location})`);
} finally {
  await handle.close();
}
