import "server-only";
import { linkDownRequestSchema, linkDownResultSchema } from "@/lib/links/schema";
import { playLinkDown } from "@/server/nodes/link-fault";
import { serviceContext } from "../context";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { linkParams } from "../params";
import { WRITE } from "../network";

export const simulatorRouter = createRouter();

// POST /api/v1/simulator/link/{linkId}/down — the demo simulator's link-down fault, now, on a link the caller may
// configure. Only on servers started with SIMULATOR_FAULT_CONTROL=on (demo and end-to-end), where the entry wires the
// simulator to the fault control (server/core/fault-control.ts); elsewhere 404.
simulatorRouter.openapi(
  route({
    method: "post",
    path: "/simulator/link/{linkId}/down",
    scopes: [WRITE],
    tags: ["simulator"],
    request: { params: linkParams, body: jsonBody(linkDownRequestSchema) },
    responses: { 202: jsonResponse(linkDownResultSchema, "The simulator reports the link down from its next round"), ...standardErrors },
  }),
  async (c) => c.json(await playLinkDown(serviceContext(c), c.req.valid("param").linkId, c.req.valid("json")), 202),
);
