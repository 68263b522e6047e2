import "server-only";
import { z } from "zod";
import { organizationUserSchema, userListQuerySchema, userRoleUpdateSchema } from "@/lib/people/schema";
import { listOrganizationUsers, removeUser, updateUserRole } from "@/server/people/users";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { conflict, createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const usersRouter = createRouter();

const memberParams = z.object({ organizationId: idSchema, userId: idSchema });

/** The 409 of the people routes (users and invitations): a rule about the organization's people refused it. */
export const peopleConflict = conflict("Refused by a rule about the organization's people");

// GET /api/v1/organization/{organizationId}/user — the organization's users and their roles (Users tab).
usersRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/user",
    scopes: ["common:user:read"],
    tags: ["people"],
    request: { params: organizationParams, query: pageQuerySchema.extend(userListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(organizationUserSchema), "A page of users"), ...standardErrors },
  }),
  async (c) => {
    const page = await listOrganizationUsers(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// PATCH /api/v1/organization/{organizationId}/user/{userId} — changes a user's role (never the last admin's).
usersRouter.openapi(
  route({
    method: "patch",
    path: "/organization/{organizationId}/user/{userId}",
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: memberParams, body: jsonBody(userRoleUpdateSchema) },
    responses: { 200: jsonResponse(organizationUserSchema, "Updated user"), ...standardErrors, ...peopleConflict },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const user = await updateUserRole(serviceContext(c), organizationId, userId, c.req.valid("json"));
    return c.json(user, 200);
  },
);

// DELETE /api/v1/organization/{organizationId}/user/{userId} — removes a user from the organization and ends
// their sessions (never oneself, never the last admin).
usersRouter.openapi(
  route({
    method: "delete",
    path: "/organization/{organizationId}/user/{userId}",
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: memberParams },
    responses: { ...deleted, ...standardErrors, ...peopleConflict },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    await removeUser(serviceContext(c), organizationId, userId);
    return c.body(null, 204);
  },
);
