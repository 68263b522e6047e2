// The people pages' role levels and labels, the invitation's validity and the acceptance page, without zod: pages
// read them on first load; lib/people/schema.ts builds the API's schemas from them.
import { ROLE_LEVELS, type RoleLevel } from "@/lib/auth/scopes";

/** SPEC §6 invitation roles as a person picks them; the role name follows from the organization's type. */
export const PEOPLE_ROLE_LEVELS = ROLE_LEVELS;

/** Catalogue keys of the role labels: Admin, Configure Only, Read Only. */
export const ROLE_LEVEL_LABELS = {
  admin: "people.roles.admin",
  configure: "people.roles.configure",
  "read-only": "people.roles.readOnly",
} as const satisfies Record<RoleLevel, string>;

/** An invitation can be accepted for seven days. */
export const INVITATION_VALIDITY_DAYS = 7;
export const INVITATION_VALIDITY_MS = INVITATION_VALIDITY_DAYS * 24 * 3600_000;

/** A new account's password: at least ten characters. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

/** The console page where an invitation is accepted; its link is mailed to the invitee, never shown to the inviter. */
export function invitationAcceptPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}


/**
 * Invitation mails (an invitation, a resend, a new customer's or MSP's first admin's) one inviter and one organization
 * may send in an hour and in a day; beyond that the console answers 429 until the oldest of them leaves the window.
 */
export const INVITATION_MAIL_BUDGET = {
  perInviter: { hour: 20, day: 100 },
  perOrganization: { hour: 50, day: 200 },
} as const;
