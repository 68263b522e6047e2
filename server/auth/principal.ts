import "server-only";
import type { Role, Scope } from "@/lib/auth/scopes";
import type { Locale, OrganizationType } from "@/lib/constants";

/** Who is calling: the signed-in user, the organization their session acts in and the scopes of their role there. */
export interface Principal {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Locale;
  organizationId: string;
  organizationType: OrganizationType;
  role: Role;
  scopes: Scope[];
  sessionTokenHash: string;
  /** Set when the caller is an API token (server/tokens/authenticate.ts): its id; its scopes are already narrowed. */
  tokenId?: string;
}
