import type { SupportTicketInput } from "@/lib/support/schema";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { supportTickets } from "@/server/db/schema";
import { findVisibleOrganization } from "@/server/tenancy";

// POST /api/v1/support/ticket — stores the message for the support team; null if the organization is not visible.
export async function createSupportTicket(db: Db, principal: Principal, input: SupportTicketInput, requestId: string) {
  const organization = await findVisibleOrganization(db, principal, input.organizationId);
  if (!organization) return null;
  const [ticket] = await db
    .insert(supportTickets)
    .values({ organizationId: organization.id, userId: principal.userId, message: input.message, requestId })
    .returning({ id: supportTickets.id, createdAt: supportTickets.createdAt });
  return { id: ticket.id, createdAt: ticket.createdAt.toISOString() };
}
