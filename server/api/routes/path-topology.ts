import "server-only";
import { z } from "zod";
import { pathTopologySchema } from "@/lib/paths/topology-schema";
import { pathTopology } from "@/server/paths/topology";
import { serviceContext } from "../context";
import { createRouter, jsonResponse, route, standardErrors } from "../openapi";

export const pathTopologyRouter = createRouter();

// GET /api/v1/config/path/{pathId}/topology — the path's route through its MSP's nodes, each element with its health.
pathTopologyRouter.openapi(
  route({
    method: "get",
    path: "/config/path/{pathId}/topology",
    scopes: ["common:config:read"],
    tags: ["paths"],
    request: { params: z.object({ pathId: z.string().min(1).max(64) }) },
    responses: { 200: jsonResponse(pathTopologySchema, "The path's route and the health of each element"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    return c.json(await pathTopology({ db, principal }, c.req.valid("param").pathId), 200);
  },
);
