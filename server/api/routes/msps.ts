import "server-only";
import { linkOrigin } from "@/server/core/public-origin";
import { z } from "zod";
import { customerSummarySchema, mspCreatedSchema, mspCreateSchema, mspListEntrySchema, mspListQuerySchema } from "@/lib/people/schema";
import { createMsp, listCustomerSummaries, listMsps } from "@/server/people/msps";
import { serviceContext } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { invitationBudget } from "./invitations";
import { mspParams } from "../params";

export const mspsRouter = createRouter();

// GET /api/v1/core/msp — the operator's MSP list: ID, Name, Customers, Attachments.
mspsRouter.openapi(
  route({
    method: "get",
    path: "/core/msp",
    scopes: ["common:config:read"],
    tags: ["people"],
    request: { query: pageQuerySchema.extend(mspListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(mspListEntrySchema), "A page of MSPs"), ...standardErrors },
  }),
  async (c) => c.json(await listMsps(serviceContext(c), c.req.valid("query")), 200),
);

// POST /api/v1/core/msp — Add MSP: the MSP and an invitation for its first admin, with the accept link.
mspsRouter.openapi(
  route({
    method: "post",
    path: "/core/msp",
    idempotent: true,
    scopes: ["common:config:write"],
    tags: ["people"],
    request: { body: jsonBody(mspCreateSchema) },
    responses: { 201: jsonResponse(mspCreatedSchema, "Created MSP"), ...standardErrors, ...invitationBudget },
  }),
  async (c) => c.json(await createMsp(serviceContext(c), c.req.valid("json"), linkOrigin()), 201),
);

// GET /api/v1/config/msp/{mspId}/customer-summary — each customer of the MSP with its active and inactive sites.
mspsRouter.openapi(
  route({
    method: "get",
    path: "/config/msp/{mspId}/customer-summary",
    scopes: ["common:config:read"],
    tags: ["people"],
    request: { params: mspParams },
    responses: { 200: jsonResponse(z.array(customerSummarySchema), "Customer summaries"), ...standardErrors },
  }),
  async (c) => {
    const summaries = await listCustomerSummaries(serviceContext(c), c.req.valid("param").mspId);
    return c.json(summaries, 200);
  },
);
