import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  customerSummarySchema,
  invitationAcceptSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  invitationSchema,
  mspCreatedSchema,
  mspCreateSchema,
  mspListEntrySchema,
  mspListQuerySchema,
  organizationUserSchema,
  userListQuerySchema,
  userRoleUpdateSchema,
} from "@/lib/people/schema";
import { currentUserSchema } from "@/lib/users/schema";
import { resolveSession } from "@/server/auth/sessions";
import { acceptInvitation, createInvitation, listInvitations, previewInvitation, revokeInvitation } from "@/server/people/invitations";
import { createMsp, listCustomerSummaries, listMsps } from "@/server/people/msps";
import { listOrganizationUsers, removeUser, updateUserRole } from "@/server/people/users";
import { toCurrentUser } from "@/server/people/user-settings";
import { clientAddress, serviceContext, setLocaleCookie } from "../context";
import { createRouter, errorBodySchema, jsonBody, jsonResponse, standardErrors } from "../openapi";
import { pageQuerySchema, pageSchema } from "@/lib/pagination";
import { setSessionCookie } from "./auth";
import { UnauthenticatedError } from "@/server/core/errors";

export const peopleRouter = createRouter();

const id = z.string().min(1).max(64);
const organizationParams = z.object({ organizationId: id });
const memberParams = z.object({ organizationId: id, userId: id });
const invitationParams = z.object({ invitationId: id });
const mspParams = z.object({ mspId: id });

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorBodySchema } } });
const conflict = { 409: errorResponse("Refused by a rule about the organization's people") };
const deleted = { 204: { description: "Deleted" } };

// GET /api/v1/organization/{organizationId}/user — the organization's users and their roles (Users tab).
peopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/organization/{organizationId}/user",
    tags: ["people"],
    request: { params: organizationParams, query: pageQuerySchema.extend(userListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(organizationUserSchema), "A page of users"), ...standardErrors },
  }),
  async (c) => {
    const page = await listOrganizationUsers(serviceContext(c, "common:user:read"), c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// PATCH /api/v1/organization/{organizationId}/user/{userId} — changes a user's role (never the last admin's).
peopleRouter.openapi(
  createRoute({
    method: "patch",
    path: "/organization/{organizationId}/user/{userId}",
    tags: ["people"],
    request: { params: memberParams, body: jsonBody(userRoleUpdateSchema) },
    responses: { 200: jsonResponse(organizationUserSchema, "Updated user"), ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const user = await updateUserRole(serviceContext(c, "common:user:write"), organizationId, userId, c.req.valid("json"));
    return c.json(user, 200);
  },
);

// DELETE /api/v1/organization/{organizationId}/user/{userId} — removes a user from the organization and ends
// their sessions (never oneself, never the last admin).
peopleRouter.openapi(
  createRoute({
    method: "delete",
    path: "/organization/{organizationId}/user/{userId}",
    tags: ["people"],
    request: { params: memberParams },
    responses: { ...deleted, ...standardErrors, ...conflict },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    await removeUser(serviceContext(c, "common:user:write"), organizationId, userId);
    return c.body(null, 204);
  },
);

// GET /api/v1/organization/{organizationId}/invitation — pending invitations (Invitations tab).
peopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/organization/{organizationId}/invitation",
    tags: ["people"],
    request: { params: organizationParams, query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(invitationSchema), "A page of pending invitations"), ...standardErrors },
  }),
  async (c) => {
    const page = await listInvitations(serviceContext(c, "common:user:read"), c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// POST /api/v1/organization/{organizationId}/invitation — invites an email with a role; answers the accept link
// once (there is no mail service: the inviter passes it on).
peopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/organization/{organizationId}/invitation",
    tags: ["people"],
    request: { params: organizationParams, body: jsonBody(invitationCreateSchema) },
    responses: { 201: jsonResponse(invitationCreatedSchema, "Created invitation with its accept link"), ...standardErrors, ...conflict },
  }),
  async (c) => {
    const invitation = await createInvitation(serviceContext(c, "common:user:write"), c.req.valid("param").organizationId, c.req.valid("json"));
    return c.json(invitation, 201);
  },
);

// DELETE /api/v1/invitation/{invitationId} — revokes a pending invitation.
peopleRouter.openapi(
  createRoute({
    method: "delete",
    path: "/invitation/{invitationId}",
    tags: ["people"],
    request: { params: invitationParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await revokeInvitation(serviceContext(c, "common:user:write"), c.req.valid("param").invitationId);
    return c.body(null, 204);
  },
);

// GET /api/v1/invitation/preview?token= — public: the organization, email and role an invitation is for.
peopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/invitation/preview",
    tags: ["people"],
    request: { query: invitationPreviewQuerySchema },
    responses: {
      200: jsonResponse(invitationPreviewSchema, "The invitation"),
      400: errorResponse("Invalid input"),
      404: errorResponse("Unknown, used or expired invitation"),
    },
  }),
  async (c) => {
    return c.json(await previewInvitation(c.get("db"), c.req.valid("query").token), 200);
  },
);

// POST /api/v1/invitation/accept — public: joins the organization and signs the user in (session cookie set).
peopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/invitation/accept",
    tags: ["people"],
    request: { body: jsonBody(invitationAcceptSchema) },
    responses: {
      200: jsonResponse(currentUserSchema, "Joined; the session cookie is set"),
      400: errorResponse("Invalid input"),
      401: errorResponse("The existing account's password does not match"),
      404: errorResponse("Unknown, used or expired invitation"),
      ...conflict,
      429: errorResponse("Too many attempts"),
    },
  }),
  async (c) => {
    const db = c.get("db");
    const { sessionToken } = await acceptInvitation(db, c.req.valid("json"), {
      address: clientAddress(c),
      userAgent: c.req.header("user-agent"),
      requestId: c.get("requestId"),
    });
    setSessionCookie(c, sessionToken);
    const principal = await resolveSession(db, sessionToken);
    if (!principal) throw new UnauthenticatedError("apiErrors.invalidCredentials");
    setLocaleCookie(c, principal.language);
    return c.json(toCurrentUser(principal), 200);
  },
);

// GET /api/v1/core/msp — the operator's MSP list: ID, Name, Customers, Attachments.
peopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/core/msp",
    tags: ["people"],
    request: { query: pageQuerySchema.extend(mspListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(mspListEntrySchema), "A page of MSPs"), ...standardErrors },
  }),
  async (c) => c.json(await listMsps(serviceContext(c, "common:config:read"), c.req.valid("query")), 200),
);

// POST /api/v1/core/msp — Add MSP: the MSP and an invitation for its first admin, with the accept link.
peopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/core/msp",
    tags: ["people"],
    request: { body: jsonBody(mspCreateSchema) },
    responses: { 201: jsonResponse(mspCreatedSchema, "Created MSP"), ...standardErrors },
  }),
  async (c) => c.json(await createMsp(serviceContext(c, "common:config:write"), c.req.valid("json")), 201),
);

// GET /api/v1/config/msp/{mspId}/customer-summary — each customer of the MSP with its active and inactive sites.
peopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/config/msp/{mspId}/customer-summary",
    tags: ["people"],
    request: { params: mspParams },
    responses: { 200: jsonResponse(z.array(customerSummarySchema), "Customer summaries"), ...standardErrors },
  }),
  async (c) => {
    const summaries = await listCustomerSummaries(serviceContext(c, "common:config:read"), c.req.valid("param").mspId);
    return c.json(summaries, 200);
  },
);
