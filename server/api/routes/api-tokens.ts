import "server-only";
import { z } from "zod";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema } from "@/lib/tokens/schema";
import { createApiToken, listOrganizationApiTokens, listOwnApiTokens, revokeApiToken } from "@/server/tokens/service";
import { serviceContext } from "../context";
import { createRouter, errorAnswerDoc, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const apiTokensRouter = createRouter();

const tokenParams = z.object({ tokenId: idSchema });

// POST /api/v1/config/user/token — a personal API token of the caller, in the organization they act in. Not
// idempotent on purpose: a replay would have to keep the secret, which is never stored.
apiTokensRouter.openapi(
  route({
    method: "post",
    path: "/config/user/token",
    scopes: [],
    tags: ["config"],
    request: { body: jsonBody(apiTokenCreateSchema) },
    responses: {
      201: jsonResponse(apiTokenCreatedSchema, "The created token and its secret, shown this once (only its hash is kept)"),
      ...standardErrors,
      403: errorAnswerDoc("Called with an API token: tokens are made from a signed-in session"),
    },
  }),
  async (c) => c.json(await createApiToken(serviceContext(c), c.req.valid("json")), 201),
);

// GET /api/v1/config/user/token — the caller's tokens in the organization they act in, newest first.
apiTokensRouter.openapi(
  route({
    method: "get",
    path: "/config/user/token",
    scopes: [],
    tags: ["config"],
    request: { query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(apiTokenSchema), "A page of the caller's tokens"), ...standardErrors },
  }),
  async (c) => c.json(await listOwnApiTokens(serviceContext(c), c.req.valid("query")), 200),
);

// GET /api/v1/organization/{organizationId}/token — every member's tokens in the organization, for its admins.
apiTokensRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/token",
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: organizationParams, query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(apiTokenSchema), "A page of the organization's tokens"), ...standardErrors },
  }),
  async (c) => c.json(await listOrganizationApiTokens(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query")), 200),
);

// DELETE /api/v1/token/{tokenId} — revokes a token (its owner, or an admin of its organization); it stops at once.
apiTokensRouter.openapi(
  route({
    method: "delete",
    path: "/token/{tokenId}",
    scopes: [],
    tags: ["config"],
    request: { params: tokenParams },
    responses: { 200: jsonResponse(apiTokenSchema, "The revoked token"), ...standardErrors },
  }),
  async (c) => c.json(await revokeApiToken(serviceContext(c), c.req.valid("param").tokenId), 200),
);
