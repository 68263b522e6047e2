import "server-only";
import { rolloutCreateSchema, rolloutListQuerySchema, rolloutSchema, type Rollout } from "@/lib/lifecycle/rollout-schema";
import { translateRolloutHalt } from "@/lib/lifecycle/rollout-message";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { cancelRollout, createRollout, getRollout, listRollouts, resumeRollout } from "@/server/lifecycle/rollout-service";
import { serviceContext, type ApiContext } from "../context";
import { conflict, createRouter, idParams, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const rolloutsRouter = createRouter();

/** A rollout as this request's reader sees it: why it halted, in their language. */
function localized(c: ApiContext, rollout: Rollout): Rollout {
  return { ...rollout, haltReason: translateRolloutHalt(c.get("t"), rollout.haltReason) };
}

// GET /api/v1/lifecycle/rollout — staged rollouts, the latest first.
rolloutsRouter.openapi(
  route({
    method: "get",
    path: "/lifecycle/rollout",
    scopes: ["msp:lifecycle:read"],
    tags: ["lifecycle"],
    request: { query: pageQuerySchema.extend(rolloutListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(rolloutSchema), "A page of rollouts, latest first"), ...standardErrors },
  }),
  async (c) => {
    const page = await listRollouts(serviceContext(c), c.req.valid("query"));
    return c.json({ items: page.items.map((rollout) => localized(c, rollout)), nextCursor: page.nextCursor }, 200);
  },
);

// GET /api/v1/lifecycle/rollout/{id} — one rollout with its waves and the gate's verdicts.
rolloutsRouter.openapi(
  route({
    method: "get",
    path: "/lifecycle/rollout/{id}",
    scopes: ["msp:lifecycle:read"],
    tags: ["lifecycle"],
    request: { params: idParams },
    responses: { 200: jsonResponse(rolloutSchema, "The rollout"), ...standardErrors },
  }),
  async (c) => c.json(localized(c, await getRollout(serviceContext(c), c.req.valid("param").id)), 200),
);

// POST /api/v1/lifecycle/rollout — installs a version in waves; the first wave starts now.
rolloutsRouter.openapi(
  route({
    method: "post",
    path: "/lifecycle/rollout",
    idempotent: true,
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { body: jsonBody(rolloutCreateSchema) },
    responses: {
      201: jsonResponse(rolloutSchema, "The rollout, its first wave scheduled"),
      ...standardErrors,
      ...conflict("A device already has an operation scheduled or running"),
    },
  }),
  async (c) => c.json(localized(c, await createRollout(serviceContext(c), c.req.valid("json"))), 201),
);

// POST /api/v1/lifecycle/rollout/{id}/resume — a halted rollout goes on with its next wave.
rolloutsRouter.openapi(
  route({
    method: "post",
    path: "/lifecycle/rollout/{id}/resume",
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { params: idParams },
    responses: { 200: jsonResponse(rolloutSchema, "The resumed rollout"), ...standardErrors, ...conflict("The rollout is not halted") },
  }),
  async (c) => c.json(localized(c, await resumeRollout(serviceContext(c), c.req.valid("param").id)), 200),
);

// POST /api/v1/lifecycle/rollout/{id}/cancel — stops a running or halted rollout.
rolloutsRouter.openapi(
  route({
    method: "post",
    path: "/lifecycle/rollout/{id}/cancel",
    scopes: ["msp:lifecycle:write"],
    tags: ["lifecycle"],
    request: { params: idParams },
    responses: { 200: jsonResponse(rolloutSchema, "The cancelled rollout"), ...standardErrors, ...conflict("The rollout is already over") },
  }),
  async (c) => c.json(localized(c, await cancelRollout(serviceContext(c), c.req.valid("param").id)), 200),
);
