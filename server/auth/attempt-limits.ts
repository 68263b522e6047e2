import "server-only";
import { CLAIM_RATE_LIMIT, INVITATION_RATE_LIMIT, LOGIN_RATE_LIMIT } from "@/lib/constants";
import type { AttemptRule } from "./attempt-rules";

export const ACCOUNT_ADDRESS_KIND = "sign-in-account-address";
const ACCOUNT_KIND = "sign-in-account";

/**
 * The limits on one sign-in: the address over all accounts and the address on this account lock out (the attacker's
 * address); the account over all addresses is only slowed, so its owner, elsewhere, still gets in, and not at all
 * from an address the account has signed in from before (`knownAddress`).
 */
export function signInRules(account: string, address: string, knownAddress: boolean): AttemptRule[] {
  const { windowMs } = LOGIN_RATE_LIMIT;
  const rules: AttemptRule[] = [
    { kind: "sign-in-address", key: address, limit: LOGIN_RATE_LIMIT.maxPerAddress, windowMs },
    // An address never holds "|", so the pair's key cannot be forged by an email.
    { kind: ACCOUNT_ADDRESS_KIND, key: `${address}|${account}`, limit: LOGIN_RATE_LIMIT.maxPerAccountAddress, windowMs },
    {
      kind: ACCOUNT_KIND,
      key: account,
      limit: LOGIN_RATE_LIMIT.maxPerAccount,
      windowMs,
      slowDown: { baseMs: LOGIN_RATE_LIMIT.slowDownMs, maxMs: LOGIN_RATE_LIMIT.maxSlowDownMs },
    },
  ];
  return knownAddress ? rules.filter((rule) => rule.kind !== ACCOUNT_KIND) : rules;
}

/** The limits on one claim-code guess: the caller's address and organization lock out. */
export function claimRules(address: string, organizationId: string): AttemptRule[] {
  const { windowMs } = CLAIM_RATE_LIMIT;
  return [
    { kind: "claim-address", key: address, limit: CLAIM_RATE_LIMIT.maxPerAddress, windowMs },
    { kind: "claim-organization", key: organizationId, limit: CLAIM_RATE_LIMIT.maxPerOrganization, windowMs },
  ];
}

/** The limits on one invitation-token guess (the caller is anonymous): the address locks out. */
export function invitationTokenRules(address: string): AttemptRule[] {
  return [{ kind: "invitation-address", key: address, limit: INVITATION_RATE_LIMIT.maxPerAddress, windowMs: INVITATION_RATE_LIMIT.windowMs }];
}
