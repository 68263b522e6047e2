import "server-only";
import { z } from "zod";
import { eventListQuerySchema, eventSchema, eventSubjectQuerySchema, eventSubjectSchema } from "@/lib/events/schema";
import { listEvents, listEventSubjectSuggestions } from "@/server/events/service";
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

// GET /api/v1/event/subjects — nodes, sites or paths whose name contains the text (those the caller sees, then those
// gone that its events name), for the events page's filters.
eventsRouter.openapi(
  route({
    method: "get",
    path: "/event/subjects",
    scopes: [],
    tags: ["events"],
    request: { query: eventSubjectQuerySchema },
    responses: { 200: jsonResponse(z.object({ items: z.array(eventSubjectSchema) }), "Nodes, sites or paths by name"), ...standardErrors },
  }),
  async (c) => c.json({ items: await listEventSubjectSuggestions(serviceContext(c), c.req.valid("query")) }, 200),
);
