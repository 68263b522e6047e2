import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { supportTicketCreatedSchema, supportTicketSchema } from "@/lib/support/schema";
import { createSupportTicket } from "@/server/support/service";
import { serviceContext } from "../context";
import { createRouter, jsonBody, jsonResponse, standardErrors } from "../openapi";

export const supportRouter = createRouter();

// POST /api/v1/support/ticket — a message to the support team from the support dialog.
supportRouter.openapi(
  createRoute({
    method: "post",
    path: "/ticket",
    tags: ["support"],
    request: { body: jsonBody(supportTicketSchema) },
    responses: { 201: jsonResponse(supportTicketCreatedSchema, "Ticket stored"), ...standardErrors },
  }),
  async (c) => {
    const ticket = await createSupportTicket(serviceContext(c), c.req.valid("json"));
    return c.json(ticket, 201);
  },
);
