import "server-only";
import { linkOrigin } from "@/server/core/public-origin";
import { z } from "zod";
import { invitationAcceptSchema, invitationCreatedSchema, invitationCreateSchema, invitationPreviewQuerySchema, invitationPreviewSchema, invitationSchema } from "@/lib/people/schema";
import { currentUserSchema } from "@/lib/users/schema";
import { invitationTokenRules } from "@/server/auth/attempt-limits";
import { guessUnderLimits } from "@/server/auth/attempt-throttle";
import { resolveSession } from "@/server/auth/sessions";
import { acceptInvitation, createInvitation, listInvitations, previewInvitation, resendInvitation, revokeInvitation } from "@/server/people/invitations";
import { toCurrentUser } from "@/server/people/user-settings";
import { clientAddress, serviceContext, setLocaleCookie } from "../context";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { setSessionCookie } from "./auth";
import { peopleConflict } from "./users";
import { NotFoundError, UnauthenticatedError } from "@/server/core/errors";
import { createRouter, deleted, errorAnswerDoc, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { organizationParams } from "../params";

export const invitationsRouter = createRouter();

const invitationParams = z.object({ invitationId: idSchema });


// Invitation tokens are guessable secrets too: an unknown, used or expired one counts against the caller's address.
const TOKEN_REFUSED = "apiErrors.tooManyInvitationAttempts";
const isWrongToken = (error: unknown) => error instanceof NotFoundError && error.key === "apiErrors.invitationInvalid";

// Invitation mails (a new customer's or MSP's first admin's too) are budgeted per inviter and per organization, an
// hour and a day at a time (server/people/invitation-budget.ts).
export const invitationBudget = {
  429: errorAnswerDoc("Too many invitations sent by the caller or the organization (Retry-After says when to try again)"),
};

// GET /api/v1/organization/{organizationId}/invitation — invitations and their status (Invitations tab).
invitationsRouter.openapi(
  route({
    method: "get",
    path: "/organization/{organizationId}/invitation",
    scopes: ["common:user:read"],
    tags: ["people"],
    request: { params: organizationParams, query: pageQuerySchema },
    responses: { 200: jsonResponse(pageSchema(invitationSchema), "A page of invitations"), ...standardErrors },
  }),
  async (c) => {
    const page = await listInvitations(serviceContext(c), c.req.valid("param").organizationId, c.req.valid("query"));
    return c.json(page, 200);
  },
);

// POST /api/v1/organization/{organizationId}/invitation — invites an email with a role; the accept link goes to that
// address by mail, never into this answer.
invitationsRouter.openapi(
  route({
    method: "post",
    path: "/organization/{organizationId}/invitation",
    idempotent: true,
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: organizationParams, body: jsonBody(invitationCreateSchema) },
    responses: {
      201: jsonResponse(invitationCreatedSchema, "Created invitation (its link is mailed to the invitee)"),
      ...standardErrors,
      ...peopleConflict,
      ...invitationBudget,
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const invitation = await createInvitation(serviceContext(c), organizationId, c.req.valid("json"), linkOrigin());
    return c.json(invitation, 201);
  },
);

// DELETE /api/v1/invitation/{invitationId} — revokes a pending invitation.
invitationsRouter.openapi(
  route({
    method: "delete",
    path: "/invitation/{invitationId}",
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: invitationParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await revokeInvitation(serviceContext(c), c.req.valid("param").invitationId);
    return c.body(null, 204);
  },
);

// POST /api/v1/invitation/{invitationId}/resend — mails the invitation again with a fresh link and a new expiry.
invitationsRouter.openapi(
  route({
    method: "post",
    path: "/invitation/{invitationId}/resend",
    scopes: ["common:user:write"],
    tags: ["people"],
    request: { params: invitationParams },
    responses: { 200: jsonResponse(invitationSchema, "The invitation, sent again (its new link is mailed to the invitee)"), ...standardErrors, ...invitationBudget },
  }),
  async (c) => {
    const invitation = await resendInvitation(serviceContext(c), c.req.valid("param").invitationId, linkOrigin());
    return c.json(invitation, 200);
  },
);

// GET /api/v1/invitation/preview?token= — public: the organization, email and role an invitation is for.
invitationsRouter.openapi(
  route({
    method: "get",
    path: "/invitation/preview",
    public: true,
    tags: ["people"],
    request: { query: invitationPreviewQuerySchema },
    responses: {
      200: jsonResponse(invitationPreviewSchema, "The invitation"),
      400: errorAnswerDoc("Invalid input"),
      404: errorAnswerDoc("Unknown, used or expired invitation"),
      429: errorAnswerDoc("Too many unknown invitation links from this address"),
    },
  }),
  async (c) => {
    const rules = invitationTokenRules(clientAddress(c));
    const preview = await guessUnderLimits(c.get("db"), rules, TOKEN_REFUSED, () => previewInvitation(c.get("db"), c.req.valid("query").token), isWrongToken);
    return c.json(preview, 200);
  },
);

// POST /api/v1/invitation/accept — public for an address without an account (its new account is signed in, session
// cookie set); an address with an account accepts from that account's session, which then acts in the organization.
invitationsRouter.openapi(
  route({
    method: "post",
    path: "/invitation/accept",
    public: true,
    tags: ["people"],
    request: { body: jsonBody(invitationAcceptSchema) },
    responses: {
      200: jsonResponse(currentUserSchema, "Joined; the session acts in the organization"),
      400: errorAnswerDoc("Invalid input"),
      401: errorAnswerDoc("The address has an account: sign in as it first"),
      403: errorAnswerDoc("Signed in as another account than the invitation's"),
      404: errorAnswerDoc("Unknown, used or expired invitation"),
      ...peopleConflict,
    },
  }),
  async (c) => {
    const db = c.get("db");
    const meta = { address: clientAddress(c), userAgent: c.req.header("user-agent"), requestId: c.get("requestId") };
    const accept = () => acceptInvitation(db, c.req.valid("json"), c.get("principal"), meta);
    const { sessionToken } = await guessUnderLimits(db, invitationTokenRules(meta.address), TOKEN_REFUSED, accept, isWrongToken);
    if (sessionToken) setSessionCookie(c, sessionToken);
    const principal = await resolveSession(db, sessionToken ?? c.get("sessionToken"));
    if (!principal) throw new UnauthenticatedError("apiErrors.invalidCredentials");
    setLocaleCookie(c, principal.language);
    return c.json(toCurrentUser(principal), 200);
  },
);
