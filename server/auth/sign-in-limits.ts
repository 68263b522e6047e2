import "server-only";
import { LOGIN_RATE_LIMIT } from "@/lib/constants";
import type { AttemptRule } from "./attempt-rules";

export const ACCOUNT_ADDRESS_KIND = "sign-in-account-address";

/**
 * The limits on one sign-in: the address over all accounts and the address on this account lock out (the attacker's
 * address); the account over all addresses is only slowed, so its owner, elsewhere, still gets in.
 */
export function signInRules(account: string, address: string): AttemptRule[] {
  const { windowMs } = LOGIN_RATE_LIMIT;
  return [
    { kind: "sign-in-address", key: address, limit: LOGIN_RATE_LIMIT.maxPerAddress, windowMs },
    // An address never holds "|", so the pair's key cannot be forged by an email.
    { kind: ACCOUNT_ADDRESS_KIND, key: `${address}|${account}`, limit: LOGIN_RATE_LIMIT.maxPerAccountAddress, windowMs },
    {
      kind: "sign-in-account",
      key: account,
      limit: LOGIN_RATE_LIMIT.maxPerAccount,
      windowMs,
      slowDown: { baseMs: LOGIN_RATE_LIMIT.slowDownMs, maxMs: LOGIN_RATE_LIMIT.maxSlowDownMs },
    },
  ];
}
