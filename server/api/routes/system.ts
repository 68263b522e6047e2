import "server-only";
import { z } from "zod";
import { createRouter, jsonResponse, route } from "../openapi";

export const systemRouter = createRouter();

// GET /api/v1/health — for load balancers: the process answers (no database query, no session needed).
systemRouter.openapi(
  route({
    method: "get",
    path: "/health",
    public: true,
    tags: ["system"],
    responses: { 200: jsonResponse(z.object({ status: z.literal("ok") }), "The console process is up") },
  }),
  (c) => c.json({ status: "ok" as const }, 200),
);
