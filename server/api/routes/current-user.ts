import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { currentUserSchema, userSettingsSchema } from "@/lib/users/schema";
import { toCurrentUser, updateUserSettings } from "@/server/people/user-settings";
import { requirePrincipal, serviceContext, setLocaleCookie } from "../context";
import { createRouter, jsonBody, jsonResponse, standardErrors } from "../openapi";

export const currentUserRouter = createRouter();

// GET /api/v1/config/user — the current user and their scopes.
currentUserRouter.openapi(
  createRoute({
    method: "get",
    path: "/user",
    tags: ["config"],
    responses: { 200: jsonResponse(currentUserSchema, "Current user"), ...standardErrors },
  }),
  (c) => c.json(toCurrentUser(requirePrincipal(c)), 200),
);

// PATCH /api/v1/config/user — the caller's own settings.
currentUserRouter.openapi(
  createRoute({
    method: "patch",
    path: "/user",
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
