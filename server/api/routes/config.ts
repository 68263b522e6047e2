import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  customerOrganizationCreatedSchema,
  customerOrganizationCreateSchema,
  mspUpdateSchema,
  organizationSchema,
  organizationUpdateSchema,
} from "@/lib/organizations/schema";
import { currentUserSchema, userSettingsSchema } from "@/lib/users/schema";
import {
  createCustomerOrganization,
  listCustomerOrganizations,
  listOrganizations,
  renameOrganization,
} from "@/server/organizations/service";
import { toCurrentUser, updateUserSettings } from "@/server/people/user-settings";
import { requirePrincipal, serviceContext, setLocaleCookie } from "../context";
import { createRouter, idParams, jsonBody, jsonResponse, standardErrors } from "../openapi";

export const configRouter = createRouter();

// GET /api/v1/config/organization — organizations the caller may see.
configRouter.openapi(
  createRoute({
    method: "get",
    path: "/organization",
    tags: ["config"],
    responses: { 200: jsonResponse(z.array(organizationSchema), "Visible organizations"), ...standardErrors },
  }),
  async (c) => c.json(await listOrganizations(c.get("db"), requirePrincipal(c)), 200),
);

// GET /api/v1/config/user — the current user and their scopes.
configRouter.openapi(
  createRoute({
    method: "get",
    path: "/user",
    tags: ["config"],
    responses: { 200: jsonResponse(currentUserSchema, "Current user"), ...standardErrors },
  }),
  (c) => c.json(toCurrentUser(requirePrincipal(c)), 200),
);

// PATCH /api/v1/config/user — the caller's own settings.
configRouter.openapi(
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

// PATCH /api/v1/config/organization/{id} — renames a visible organization.
configRouter.openapi(
  createRoute({
    method: "patch",
    path: "/organization/{id}",
    tags: ["config"],
    request: { params: idParams, body: jsonBody(organizationUpdateSchema) },
    responses: { 200: jsonResponse(organizationSchema, "Updated organization"), ...standardErrors },
  }),
  async (c) => {
    const updated = await renameOrganization(serviceContext(c, "common:config:write"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(updated, 200);
  },
);

// PATCH /api/v1/config/msp/{id} — updates a visible MSP.
configRouter.openapi(
  createRoute({
    method: "patch",
    path: "/msp/{id}",
    tags: ["config"],
    request: { params: idParams, body: jsonBody(mspUpdateSchema) },
    responses: { 200: jsonResponse(organizationSchema, "Updated MSP"), ...standardErrors },
  }),
  async (c) => {
    const updated = await renameOrganization(serviceContext(c, "common:config:write"), c.req.valid("param").id, c.req.valid("json"), "msp");
    return c.json(updated, 200);
  },
);

// GET /api/v1/config/msp/{id}/organization — the MSP's customer organizations.
configRouter.openapi(
  createRoute({
    method: "get",
    path: "/msp/{id}/organization",
    tags: ["config"],
    request: { params: idParams },
    responses: { 200: jsonResponse(z.array(organizationSchema), "Customer organizations"), ...standardErrors },
  }),
  async (c) => {
    const principal = requirePrincipal(c, "common:config:read");
    const customers = await listCustomerOrganizations(c.get("db"), principal, c.req.valid("param").id);
    return c.json(customers, 200);
  },
);

// POST /api/v1/config/msp/{id}/organization — creates a customer organization and invites its first admin.
configRouter.openapi(
  createRoute({
    method: "post",
    path: "/msp/{id}/organization",
    tags: ["config"],
    request: { params: idParams, body: jsonBody(customerOrganizationCreateSchema) },
    responses: { 201: jsonResponse(customerOrganizationCreatedSchema, "Created customer"), ...standardErrors },
  }),
  async (c) => {
    const created = await createCustomerOrganization(serviceContext(c, "common:config:write"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(created, 201);
  },
);
