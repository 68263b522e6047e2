import { count, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { verifyPassword } from "@/server/auth/password";
import { memberships, organizations, users } from "@/server/db/schema";
import { seedDemo, seedFirstAdmin } from "@/server/seed";
import { cloneDatabase } from "./database-images";

describe("seeding", () => {
  it("with SEED_DEMO=off, creates only the operator and its first admin, once", async () => {
    const { handle, close } = await cloneDatabase(inject("apiDatabaseImages"), "migrated");
    try {
      expect(await seedFirstAdmin(handle.db, "Root@Example.com", "s3cret-pass")).toBe(true);
      const orgs = await handle.db.select().from(organizations);
      expect(orgs).toMatchObject([{ name: "Maia", organizationType: "maia", parentId: null }]);
      const [user] = await handle.db.select().from(users);
      expect(user.email).toBe("root@example.com");
      expect(await verifyPassword("s3cret-pass", user.passwordHash!)).toBe(true);
      const [membership] = await handle.db.select().from(memberships).where(eq(memberships.userId, user.id));
      expect(membership.role).toBe("internal-admin");
      // A second start changes nothing, and the demo seed never lands on a database in use.
      expect(await seedFirstAdmin(handle.db, "other@example.com", "x")).toBe(false);
      expect(await seedDemo(handle.db, "maia-demo")).toBe(false);
      expect((await handle.db.select({ n: count() }).from(users))[0].n).toBe(1);
    } finally {
      await close();
    }
  });

  it("the demo seed holds the issue's organizations, users and roles", async () => {
    const { getDb } = await import("@/server/db/client");
    const db = await getDb();
    const rows = await db
      .select({ email: users.email, role: memberships.role, org: organizations.name })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId));
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, `${row.org}/${row.role}`]));
    expect(byEmail).toEqual({
      "admin@maia.example": "Maia/internal-admin",
      "readonly@maia.example": "Maia/internal-read-only",
      "admin@northwind.example": "Northwind Networks/msp-admin",
      "configure@northwind.example": "Northwind Networks/msp-configure",
      "readonly@northwind.example": "Northwind Networks/msp-read-only",
      "admin@bluewave.example": "Bluewave Telecom/msp-admin",
      "admin@contoso.example": "Contoso/customer-admin",
      "readonly@contoso.example": "Contoso/customer-read-only",
      "admin@fabrikam.example": "Fabrikam/customer-admin",
      "admin@initech.example": "Initech/customer-admin",
    });
  });
});
