import "server-only";
import { eventListQuerySchema, eventSchema } from "@/lib/events/schema";
import { listEvents } from "@/server/events/service";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, jsonResponse, route, standardErrors } from "../openapi";

export const eventsRouter = createRouter();

// GET /api/v1/event — events of the organizations the caller may see (or of one console's: an organization's, an MSP's
// with its customers'), newest first.
eventsRouter.openapi(
  route({
    method: "get",
    path: "/event",
    scopes: [],
    tags: ["events"],
    request: { query: pageQuerySchema.extend(eventListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(eventSchema), "A page of events, newest first"), ...standardErrors },
  }),
  async (c) => c.json(await listEvents(serviceContext(c), c.req.valid("query")), 200),
);
