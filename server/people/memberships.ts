import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Membership } from "@/lib/users/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { chooseSessionOrganization } from "@/server/auth/sessions";
import { memberships, organizations } from "@/server/db/schema";
import { ForbiddenError, NotFoundError } from "@/server/core/errors";
import { isRole, roleView } from "./shared";

// GET /api/v1/config/user/membership — the caller's own memberships, by organization name.
export async function listOwnMemberships(context: ServiceContext): Promise<Membership[]> {
  const rows = await context.db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      organizationType: organizations.organizationType,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, context.principal.userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.flatMap(({ role, ...row }) => (isRole(role) ? [{ ...row, ...roleView(role) }] : []));
}

// POST /api/v1/config/user/membership/{organizationId}/switch — the caller's session acts in another of their
// organizations from now on; an organization without their membership is answered like a missing one.
export async function switchOrganization(context: ServiceContext, organizationId: string): Promise<void> {
  // An API token acts in the organization it was made in; it has no session to move.
  if (context.principal.tokenId) throw new ForbiddenError("apiErrors.tokenOrganizationFixed");
  if (!(await chooseSessionOrganization(context.db, context.principal, organizationId))) throw new NotFoundError();
}
