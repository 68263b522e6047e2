import "server-only";
import { and, count, eq, gt, lt } from "drizzle-orm";
import { LOGIN_RATE_LIMIT } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { loginFailures } from "@/server/db/schema";

/** Minutes until the caller may try again, or 0 when neither the account nor the address is over its limit. */
export async function loginRetryAfterMinutes(db: Db, account: string, address: string): Promise<number> {
  const since = new Date(Date.now() - LOGIN_RATE_LIMIT.windowMs);
  const [[byAccount], [byAddress]] = await Promise.all([
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.account, account), gt(loginFailures.at, since))),
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.address, address), gt(loginFailures.at, since))),
  ]);
  if (byAccount.n >= LOGIN_RATE_LIMIT.maxPerAccount || byAddress.n >= LOGIN_RATE_LIMIT.maxPerAddress) {
    return Math.ceil(LOGIN_RATE_LIMIT.windowMs / 60_000);
  }
  return 0;
}

export async function recordLoginFailure(db: Db, account: string, address: string): Promise<void> {
  await db.insert(loginFailures).values({ account, address });
  // Keep the table small: failures older than the window no longer count.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - LOGIN_RATE_LIMIT.windowMs)));
}

export async function clearLoginFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
