import { eq } from "drizzle-orm";
import type { CurrentUser, UserSettings } from "@/lib/users/schema";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
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
export async function updateUserSettings(db: Db, principal: Principal, settings: UserSettings): Promise<CurrentUser> {
  await db
    .update(users)
    .set({ firstName: settings.userFirstName, lastName: settings.userLastName, language: settings.userLanguage })
    .where(eq(users.id, principal.userId));
  return toCurrentUser({
    ...principal,
    firstName: settings.userFirstName,
    lastName: settings.userLastName,
    language: settings.userLanguage,
  });
}
