import "server-only";
import { and, asc, count, eq, ilike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { roleFor } from "@/lib/auth/scopes";
import type { CustomerSummary, MspCreate, MspCreated } from "@/lib/people/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import { organizations, sites } from "@/server/db/schema";
import { containsPattern } from "@/server/db/query";
import { findVisibleOrganization, visibleOrganizationsWhere } from "@/server/core/tenancy";
import { mailInvitation } from "./invitation-mail";
import { insertInvitation } from "./invitations";
import { ForbiddenError, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";

const customer = alias(organizations, "customer");

/** The operator's own functions (SPEC §6 core/msp: maia only). */
function requireOperator(context: ServiceContext): void {
  if (context.principal.organizationType !== "maia") throw new ForbiddenError();
}

// GET /api/v1/core/msp — SPEC §2 MSP list: ID, Name, Customers, Attachments (the sites of its customers), by name.
export async function listMsps(context: ServiceContext, query: PageQuery & { search?: string }) {
  requireOperator(context);
  const { db, principal } = context;
  const list = keyset({ column: organizations.name, id: organizations.id }, query);
  const conditions: (SQL | undefined)[] = [
    eq(organizations.organizationType, "msp"),
    visibleOrganizationsWhere(principal),
    query.search ? ilike(organizations.name, containsPattern(query.search)) : undefined,
    list.after,
  ];
  const customerCount = db
    .select({ n: count() })
    .from(customer)
    .where(and(eq(customer.parentId, organizations.id), eq(customer.organizationType, "customer")));
  const attachmentCount = db
    .select({ n: count() })
    .from(sites)
    .innerJoin(customer, eq(customer.id, sites.organizationId))
    .where(and(eq(customer.parentId, organizations.id), eq(customer.organizationType, "customer")));
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      customerCount: sql<number>`(${customerCount})`.mapWith(Number),
      attachmentCount: sql<number>`(${attachmentCount})`.mapWith(Number),
    })
    .from(organizations)
    .where(and(...conditions))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.name, id: row.id }));
  return { items: page.items, nextCursor: page.nextCursor };
}

// POST /api/v1/core/msp — SPEC §2 Add MSP: creates the MSP and invites its first admin (msp-admin) by mail.
export async function createMsp(context: ServiceContext, input: MspCreate, origin: string): Promise<MspCreated> {
  requireOperator(context);
  const { created, mail } = await mutate(context, async (tx, record) => {
    const [msp] = await tx.insert(organizations).values({ name: input.name, organizationType: "msp", parentId: null }).returning();
    const organization = { id: msp.id, name: msp.name, organizationType: "msp" as const, parentId: null };
    await record({ organizationId: msp.id, entityType: "organization", entityId: msp.id, type: "created", after: organization });
    const { invitation, mail } = await insertInvitation(tx, record, context, msp, input.userEmail, roleFor("msp", "admin"));
    return { created: { ...organization, invitation }, mail };
  });
  await mailInvitation(context, mail, origin);
  return created;
}

// GET /api/v1/config/msp/{mspId}/customer-summary — SPEC §3: each customer with its active and inactive sites.
export async function listCustomerSummaries(context: ServiceContext, mspId: string): Promise<CustomerSummary[]> {
  const { db, principal } = context;
  const msp = await findVisibleOrganization(db, principal, mspId);
  if (!msp || msp.organizationType !== "msp") throw new NotFoundError();
  const rows = await db
    .select({
      customerOrgId: organizations.id,
      customerName: organizations.name,
      activeSites: sql<number>`count(${sites.id}) filter (where ${sites.active})`.mapWith(Number),
      inactiveSites: sql<number>`count(${sites.id}) filter (where not ${sites.active})`.mapWith(Number),
    })
    .from(organizations)
    .leftJoin(sites, eq(sites.organizationId, organizations.id))
    .where(and(eq(organizations.parentId, msp.id), eq(organizations.organizationType, "customer"), visibleOrganizationsWhere(principal)))
    .groupBy(organizations.id, organizations.name)
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows;
}
