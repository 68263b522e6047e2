import "server-only";
import { eq } from "drizzle-orm";
import type { CurrentUser, UserSettings } from "@/lib/users/schema";
import type { Principal } from "@/server/auth/principal";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import { forgetUserSessions } from "@/server/auth/sessions";
import { users } from "@/server/db/schema";

export function toCurrentUser(principal: Principal): CurrentUser {
  return {
    userId: principal.userId,
    userEmail: principal.email,
    userFirstName: principal.firstName,
    userLastName: principal.lastName,
    userLanguage: principal.language,
    organizationId: principal.organizationId,
    role: principal.role,
    scopes: principal.scopes,
  };
}

// PATCH /api/v1/config/user — the caller's own name and language.
export async function updateUserSettings(context: ServiceContext, settings: UserSettings): Promise<CurrentUser> {
  const { principal } = context;
  const before = { firstName: principal.firstName, lastName: principal.lastName, language: principal.language };
  const after = { firstName: settings.userFirstName, lastName: settings.userLastName, language: settings.userLanguage };
  await mutate(context, async (tx, record) => {
    await tx.update(users).set(after).where(eq(users.id, principal.userId));
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      // Named by the account's address: the event keeps who it was about when the names change again.
      await record({ organizationId: principal.organizationId, entityType: "user", entityId: principal.userId, entityName: principal.email, type: "updated", before, after });
    }
  });
  forgetUserSessions(principal.userId);
  return toCurrentUser({
    ...principal,
    firstName: settings.userFirstName,
    lastName: settings.userLastName,
    language: settings.userLanguage,
  });
}
