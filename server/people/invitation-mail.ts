import "server-only";
import { eq, sql } from "drizzle-orm";
import { roleLevel, type Role } from "@/lib/auth/scopes";
import { translatorFor } from "@/lib/i18n/messages";
import { INVITATION_VALIDITY_DAYS, invitationAcceptPath, ROLE_LEVEL_LABELS } from "@/lib/people/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { organizations, users } from "@/server/db/schema";
import { deliver } from "@/server/mail/mailer";
import { mailName } from "@/server/mail/plain-text";

/** An invitation just created, with the one thing its mail needs that is never stored: the token. */
export interface NewInvitation {
  email: string;
  token: string;
  organizationName: string;
  role: Role;
}

/**
 * Mails the invitation's link to the invitee, once its transaction has committed: in the invitee's language when
 * they have an account, else the inviter's. It names the inviter by their account's address (which they sign in
 * with, not text they chose) and the organization they act from; the names people chose are quoted as plain text
 * that no mail client links (server/mail/plain-text.ts). A failure is logged; the invitation stays pending either way.
 */
export async function mailInvitation(context: ServiceContext, invitation: NewInvitation, origin: string): Promise<boolean> {
  const { db, principal } = context;
  const [invitee] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()))
    .limit(1);
  const [from] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, principal.organizationId)).limit(1);
  const t = translatorFor(invitee?.language ?? principal.language);
  const link = new URL(invitationAcceptPath(invitation.token), origin).href;
  const inviterName = mailName(`${principal.firstName} ${principal.lastName}`);
  const values = {
    inviter: inviterName ? `${inviterName} (${principal.email})` : principal.email,
    inviterOrganization: mailName(from?.name ?? invitation.organizationName),
    organization: mailName(invitation.organizationName),
    role: t(ROLE_LEVEL_LABELS[roleLevel(invitation.role)]),
    link,
    days: INVITATION_VALIDITY_DAYS,
  };
  return deliver({ to: invitation.email, subject: t("mail.invitation.subject", values), text: t("mail.invitation.body", values), link });
}
