import "server-only";
import type { SupportTicketInput } from "@/lib/support/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import { supportTickets } from "@/server/db/schema";
import { findVisibleOrganization } from "@/server/core/tenancy";
import { NotFoundError } from "@/server/core/errors";

// POST /api/v1/support/ticket — stores the message for the support team; null if the organization is not visible.
export async function createSupportTicket(context: ServiceContext, input: SupportTicketInput) {
  const organization = await findVisibleOrganization(context.db, context.principal, input.organizationId);
  if (!organization) throw new NotFoundError();
  return mutate(context, async (tx, record) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({ organizationId: organization.id, userId: context.principal.userId, message: input.message, requestId: context.requestId })
      .returning({ id: supportTickets.id, createdAt: supportTickets.createdAt });
    // The message itself stays with the support team; the event says that a ticket was opened.
    await record({ organizationId: organization.id, entityType: "supportTicket", entityId: ticket.id, type: "created", after: { id: ticket.id } });
    return { id: ticket.id, createdAt: ticket.createdAt.toISOString() };
  });
}
