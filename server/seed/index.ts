import "server-only";
import { count } from "drizzle-orm";
import { roleFor, type RoleLevel } from "@/lib/auth/scopes";
import type { OrganizationType } from "@/lib/constants";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db/client";
import { memberships, organizations, users } from "@/server/db/schema";
import { seedDemoNetwork } from "./demo-network";

export const DEFAULT_DEMO_PASSWORD = "maia-demo";

interface DemoOrganization {
  name: string;
  type: OrganizationType;
  parent?: string;
  users: { email: string; level: RoleLevel; firstName: string; lastName: string; language?: "en" | "fr" }[];
}

// The demo tenants and their people (issue 3). Roles follow the address: admin, configure, readonly.
export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: "Maia",
    type: "maia",
    users: [
      { email: "admin@maia.example", level: "admin", firstName: "Ada", lastName: "Moreau" },
      { email: "readonly@maia.example", level: "read-only", firstName: "Rémi", lastName: "Laurent" },
    ],
  },
  {
    name: "Northwind Networks",
    type: "msp",
    users: [
      { email: "admin@northwind.example", level: "admin", firstName: "Nora", lastName: "Walsh" },
      { email: "configure@northwind.example", level: "configure", firstName: "Conor", lastName: "Byrne" },
      { email: "readonly@northwind.example", level: "read-only", firstName: "Rita", lastName: "Okafor" },
    ],
  },
  {
    name: "Bluewave Telecom",
    type: "msp",
    users: [{ email: "admin@bluewave.example", level: "admin", firstName: "Bastien", lastName: "Roux", language: "fr" }],
  },
  {
    name: "Contoso",
    type: "customer",
    parent: "Northwind Networks",
    users: [
      { email: "admin@contoso.example", level: "admin", firstName: "Carla", lastName: "Diaz" },
      { email: "readonly@contoso.example", level: "read-only", firstName: "Ravi", lastName: "Shah" },
    ],
  },
  {
    name: "Fabrikam",
    type: "customer",
    parent: "Northwind Networks",
    users: [{ email: "admin@fabrikam.example", level: "admin", firstName: "Felix", lastName: "Braun" }],
  },
  {
    name: "Initech",
    type: "customer",
    parent: "Bluewave Telecom",
    users: [{ email: "admin@initech.example", level: "admin", firstName: "Ines", lastName: "Petit" }],
  },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(organizations);
  return n === 0;
}

/**
 * Seeds the demo tenants and users once, into an empty database, and (unless `network: false`) the demo network.
 * Returns whether it seeded.
 */
export async function seedDemo(db: Db, password: string, options: { network?: boolean } = {}): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const hashes = await Promise.all(
    DEMO_ORGANIZATIONS.flatMap((org) => org.users).map(() => hashPassword(password)),
  );
  let next = 0;
  const ids = new Map<string, string>();
  const people = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const org of DEMO_ORGANIZATIONS) {
      const [row] = await tx
        .insert(organizations)
        .values({ name: org.name, organizationType: org.type, parentId: org.parent ? ids.get(org.parent) : null })
        .returning({ id: organizations.id });
      ids.set(org.name, row.id);
      for (const person of org.users) {
        const [user] = await tx
          .insert(users)
          .values({
            email: person.email,
            firstName: person.firstName,
            lastName: person.lastName,
            language: person.language ?? "en",
            passwordHash: hashes[next++],
          })
          .returning({ id: users.id });
        people.set(person.email, user.id);
        await tx.insert(memberships).values({ userId: user.id, organizationId: row.id, role: roleFor(org.type, person.level) });
      }
    }
  });
  if (options.network !== false) await seedDemoNetwork(db, ids, people);
  return true;
}

/** With SEED_DEMO=off: an empty operator organization and its first admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function seedFirstAdmin(db: Db, email: string, password: string): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: "Maia", organizationType: "maia" }).returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({ email: email.toLowerCase(), firstName: "Admin", lastName: "", passwordHash })
      .returning({ id: users.id });
    await tx.insert(memberships).values({ userId: user.id, organizationId: org.id, role: "internal-admin" });
  });
  return true;
}
