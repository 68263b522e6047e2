import "server-only";
import { CLAIM_RATE_LIMIT, INVITATION_RATE_LIMIT, LOGIN_RATE_LIMIT } from "@/lib/constants";
import type { AddressNetworks } from "./address-networks";
import type { AttemptRule } from "./attempt-rules";

export const ACCOUNT_ADDRESS_KIND = "sign-in-account-address";
export const ACCOUNT_KIND = "sign-in-account";

/**
 * The limits on one sign-in: the address (an IPv6 /64), its IPv4 /24 and the address on this account lock out (the
 * attacker's address). The account over all addresses is only counted, never refused (its owner must get in): past
 * its limit a new address needs a mailed code too; an address the account signed in from before is not counted.
 */
export function signInRules(account: string, address: AddressNetworks, knownAddress: boolean): AttemptRule[] {
  const { windowMs } = LOGIN_RATE_LIMIT;
  const rules: AttemptRule[] = [
    { kind: "sign-in-address", key: address.host, limit: LOGIN_RATE_LIMIT.maxPerAddress, windowMs },
    // An address never holds "|", so the pair's key cannot be forged by an email.
    { kind: ACCOUNT_ADDRESS_KIND, key: `${address.host}|${account}`, limit: LOGIN_RATE_LIMIT.maxPerAccountAddress, windowMs },
  ];
  if (address.network !== address.host) {
    rules.push({ kind: "sign-in-network", key: address.network, limit: LOGIN_RATE_LIMIT.maxPerNetwork, windowMs });
  }
  if (!knownAddress) rules.push({ kind: ACCOUNT_KIND, key: account, limit: LOGIN_RATE_LIMIT.maxPerAccount, windowMs, countOnly: true });
  return rules;
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
