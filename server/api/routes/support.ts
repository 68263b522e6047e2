import "server-only";
import { supportTicketCreatedSchema, supportTicketSchema } from "@/lib/support/schema";
import { createSupportTicket } from "@/server/support/service";
import { serviceContext } from "../context";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const supportRouter = createRouter();

// POST /api/v1/support/ticket — a message to the support team from the support dialog.
supportRouter.openapi(
  route({
    method: "post",
    path: "/ticket",
    idempotent: true,
    scopes: [],
    tags: ["support"],
    request: { body: jsonBody(supportTicketSchema) },
    responses: { 201: jsonResponse(supportTicketCreatedSchema, "Ticket stored"), ...standardErrors },
  }),
  async (c) => {
    const ticket = await createSupportTicket(serviceContext(c), c.req.valid("json"));
    return c.json(ticket, 201);
  },
);
