import "server-only";
import { z } from "zod";
import { currentUserSchema, membershipSchema, userSettingsSchema } from "@/lib/users/schema";
import { resolveSession } from "@/server/auth/sessions";
import { UnauthenticatedError } from "@/server/core/errors";
import { listOwnMemberships, switchOrganization } from "@/server/people/memberships";
import { toCurrentUser, updateUserSettings } from "@/server/people/user-settings";
import { serviceContext, setLocaleCookie } from "../context";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const currentUserRouter = createRouter();

// GET /api/v1/config/user — the current user and their scopes.
currentUserRouter.openapi(
  route({
    method: "get",
    path: "/user",
    scopes: [],
    tags: ["config"],
    responses: { 200: jsonResponse(currentUserSchema, "Current user"), ...standardErrors },
  }),
  (c) => c.json(toCurrentUser(serviceContext(c).principal), 200),
);

// PATCH /api/v1/config/user — the caller's own settings.
currentUserRouter.openapi(
  route({
    method: "patch",
    path: "/user",
    scopes: [],
    tags: ["config"],
    request: { body: jsonBody(userSettingsSchema) },
    responses: { 200: jsonResponse(currentUserSchema, "Updated user"), ...standardErrors },
  }),
  async (c) => {
    const user = await updateUserSettings(serviceContext(c), c.req.valid("json"));
    setLocaleCookie(c, user.userLanguage);
    return c.json(user, 200);
  },
);

// GET /api/v1/config/user/membership — the organizations the caller belongs to (the organization selector's own group).
currentUserRouter.openapi(
  route({
    method: "get",
    path: "/user/membership",
    scopes: [],
    tags: ["config"],
    responses: { 200: jsonResponse(z.array(membershipSchema), "The caller's memberships"), ...standardErrors },
  }),
  async (c) => c.json(await listOwnMemberships(serviceContext(c)), 200),
);

// POST /api/v1/config/user/membership/{organizationId}/switch — the session acts in that organization from now on.
currentUserRouter.openapi(
  route({
    method: "post",
    path: "/user/membership/{organizationId}/switch",
    scopes: [],
    tags: ["config"],
    request: { params: organizationParams },
    responses: { 200: jsonResponse(currentUserSchema, "The current user, acting in that organization"), ...standardErrors },
  }),
  async (c) => {
    await switchOrganization(serviceContext(c), c.req.valid("param").organizationId);
    const principal = await resolveSession(c.get("db"), c.get("sessionToken"));
    if (!principal) throw new UnauthenticatedError();
    return c.json(toCurrentUser(principal), 200);
  },
);
