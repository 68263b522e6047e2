import "server-only";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";

/** Who is acting, in which request: every service receives it. */
export interface ServiceContext {
  db: Db;
  principal: Principal;
  requestId: string;
}

export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
