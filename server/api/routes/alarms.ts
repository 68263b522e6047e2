import "server-only";
import { z } from "zod";
import { localizedAlarm } from "@/lib/alarms/message";
import { alarmAcknowledgeSchema, alarmListQuerySchema, alarmSchema, alarmUnacknowledgeSchema } from "@/lib/alarms/schema";
import { acknowledgeAlarms, listAlarms, unacknowledgeAlarms } from "@/server/alarms/service";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const alarmsRouter = createRouter();

// GET /api/v1/alarm — alarms of the organizations the caller may see (or of one console's: an organization's, an MSP's
// with its customers'); acknowledged ones only when asked for, active or cleared ones (or both, by default) as asked.
alarmsRouter.openapi(
  route({
    method: "get",
    path: "/alarm",
    scopes: [],
    tags: ["alarms"],
    request: { query: pageQuerySchema.extend(alarmListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(alarmSchema), "A page of alarms, latest first"), ...standardErrors },
  }),
  async (c) => {
    const page = await listAlarms(serviceContext(c), c.req.valid("query"));
    return c.json({ ...page, items: page.items.map((alarm) => localizedAlarm(c.get("t"), alarm)) }, 200);
  },
);

// POST /api/v1/alarm/acknowledge — acknowledges alarms, all or none, with an optional note.
alarmsRouter.openapi(
  route({
    method: "post",
    path: "/alarm/acknowledge",
    scopes: ["common:config:write"],
    tags: ["alarms"],
    request: { body: jsonBody(alarmAcknowledgeSchema) },
    responses: { 200: jsonResponse(z.array(alarmSchema), "The alarms, acknowledged"), ...standardErrors },
  }),
  async (c) => {
    const acknowledged = await acknowledgeAlarms(serviceContext(c), c.req.valid("json"));
    return c.json(acknowledged.map((alarm) => localizedAlarm(c.get("t"), alarm)), 200);
  },
);

// POST /api/v1/alarm/unacknowledge — makes alarms active again, all or none.
alarmsRouter.openapi(
  route({
    method: "post",
    path: "/alarm/unacknowledge",
    scopes: ["common:config:write"],
    tags: ["alarms"],
    request: { body: jsonBody(alarmUnacknowledgeSchema) },
    responses: { 200: jsonResponse(z.array(alarmSchema), "The alarms, unacknowledged"), ...standardErrors },
  }),
  async (c) => {
    const unacknowledged = await unacknowledgeAlarms(serviceContext(c), c.req.valid("json").alarmIds);
    return c.json(unacknowledged.map((alarm) => localizedAlarm(c.get("t"), alarm)), 200);
  },
);
