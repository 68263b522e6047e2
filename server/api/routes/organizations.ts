import "server-only";
import { linkOrigin } from "@/server/core/public-origin";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { customerOrganizationCreatedSchema, customerOrganizationCreateSchema, mspUpdateSchema, organizationSchema, organizationUpdateSchema } from "@/lib/organizations/schema";
import { createCustomerOrganization, listCustomerOrganizations, listOrganizations, renameOrganization } from "@/server/organizations/service";
import { requirePrincipal, serviceContext } from "../context";
import { createRouter, idParams, jsonBody, jsonResponse, standardErrors } from "../openapi";

export const organizationsRouter = createRouter();

// GET /api/v1/config/organization — organizations the caller may see.
organizationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/organization",
    tags: ["config"],
    responses: { 200: jsonResponse(z.array(organizationSchema), "Visible organizations"), ...standardErrors },
  }),
  async (c) => c.json(await listOrganizations(c.get("db"), requirePrincipal(c)), 200),
);

// PATCH /api/v1/config/organization/{id} — renames a visible organization.
organizationsRouter.openapi(
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
organizationsRouter.openapi(
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
organizationsRouter.openapi(
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
organizationsRouter.openapi(
  createRoute({
    method: "post",
    path: "/msp/{id}/organization",
    tags: ["config"],
    request: { params: idParams, body: jsonBody(customerOrganizationCreateSchema) },
    responses: { 201: jsonResponse(customerOrganizationCreatedSchema, "Created customer"), ...standardErrors },
  }),
  async (c) => {
    const created = await createCustomerOrganization(
      serviceContext(c, "common:config:write"),
      c.req.valid("param").id,
      c.req.valid("json"),
      linkOrigin(),
    );
    return c.json(created, 201);
  },
);
