import "server-only";
import { linkOrigin } from "@/server/core/public-origin";
import { z } from "zod";
import { customerOrganizationCreatedSchema, customerOrganizationCreateSchema, mspUpdateSchema, organizationSchema, organizationUpdateSchema } from "@/lib/organizations/schema";
import { createCustomerOrganization, listCustomerOrganizations, listOrganizations, renameOrganization } from "@/server/organizations/service";
import { serviceContext } from "../context";
import { invitationBudget } from "./invitations";
import { createRouter, idParams, jsonBody, jsonResponse, route, standardErrors } from "../openapi";

export const organizationsRouter = createRouter();

// GET /api/v1/config/organization — organizations the caller may see.
organizationsRouter.openapi(
  route({
    method: "get",
    path: "/organization",
    scopes: [],
    tags: ["config"],
    responses: { 200: jsonResponse(z.array(organizationSchema), "Visible organizations"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    return c.json(await listOrganizations(db, principal), 200);
  },
);

// PATCH /api/v1/config/organization/{id} — renames a visible organization.
organizationsRouter.openapi(
  route({
    method: "patch",
    path: "/organization/{id}",
    scopes: ["common:config:write"],
    tags: ["config"],
    request: { params: idParams, body: jsonBody(organizationUpdateSchema) },
    responses: { 200: jsonResponse(organizationSchema, "Updated organization"), ...standardErrors },
  }),
  async (c) => {
    const updated = await renameOrganization(serviceContext(c), c.req.valid("param").id, c.req.valid("json"));
    return c.json(updated, 200);
  },
);

// PATCH /api/v1/config/msp/{id} — updates a visible MSP.
organizationsRouter.openapi(
  route({
    method: "patch",
    path: "/msp/{id}",
    scopes: ["common:config:write"],
    tags: ["config"],
    request: { params: idParams, body: jsonBody(mspUpdateSchema) },
    responses: { 200: jsonResponse(organizationSchema, "Updated MSP"), ...standardErrors },
  }),
  async (c) => {
    const updated = await renameOrganization(serviceContext(c), c.req.valid("param").id, c.req.valid("json"), "msp");
    return c.json(updated, 200);
  },
);

// GET /api/v1/config/msp/{id}/organization — the MSP's customer organizations.
organizationsRouter.openapi(
  route({
    method: "get",
    path: "/msp/{id}/organization",
    scopes: ["common:config:read"],
    tags: ["config"],
    request: { params: idParams },
    responses: { 200: jsonResponse(z.array(organizationSchema), "Customer organizations"), ...standardErrors },
  }),
  async (c) => {
    const { db, principal } = serviceContext(c);
    const customers = await listCustomerOrganizations(db, principal, c.req.valid("param").id);
    return c.json(customers, 200);
  },
);

// POST /api/v1/config/msp/{id}/organization — creates a customer organization and invites its first admin.
organizationsRouter.openapi(
  route({
    method: "post",
    path: "/msp/{id}/organization",
    idempotent: true,
    scopes: ["common:config:write"],
    tags: ["config"],
    request: { params: idParams, body: jsonBody(customerOrganizationCreateSchema) },
    responses: { 201: jsonResponse(customerOrganizationCreatedSchema, "Created customer"), ...standardErrors, ...invitationBudget },
  }),
  async (c) => {
    const created = await createCustomerOrganization(
      serviceContext(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      linkOrigin(),
    );
    return c.json(created, 201);
  },
);
