import "server-only";
import { SIGN_IN_SHARE } from "@/lib/constants";
import { addressNetworks, type AddressNetworks } from "./address-networks";
import { ACCOUNT_ADDRESS_KIND, signInRules } from "./attempt-limits";
import { decideAttempt, type AttemptCounter, type AttemptRule } from "./attempt-rules";

// What this process last learnt of each counter from the database, so that an address already over its limit is
// refused before any database work or hashing: a refusal then costs a map lookup. The database stays the record
// (another process, a restart): it is asked for every attempt this map does not refuse.
const MAX_REMEMBERED = 50_000;
const remembered = new Map<string, AttemptCounter>();
const entry = (rule: AttemptRule) => `${rule.kind}\n${rule.key}`;

function remember(rule: AttemptRule, counter: AttemptCounter) {
  const key = entry(rule);
  // Re-inserted so the map's order is least recently written first: past the cap, the oldest goes.
  remembered.delete(key);
  remembered.set(key, counter);
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** The rule that refuses the attempt by what this process knows, with its wait; null when none does. */
export function refusedInMemory(rules: AttemptRule[], now = new Date()): { rule: AttemptRule; retryAfterMs: number } | null {
  let refusal: { rule: AttemptRule; retryAfterMs: number } | null = null;
  for (const rule of rules) {
    if (rule.countOnly) continue;
    const decision = decideAttempt(rule, remembered.get(entry(rule)) ?? null, now);
    if (!decision.admit && (!refusal || decision.retryAfterMs > refusal.retryAfterMs)) refusal = { rule, retryAfterMs: decision.retryAfterMs };
  }
  return refusal;
}

/**
 * The wait before the address may try again, when it is over its own or its network's limit by what this process
 * knows, whatever account it names: the server's entry then refuses the sign-in before even reading its body.
 */
export function signInAddressRefused(address: string, now = new Date()): number | null {
  const rules = signInRules("", addressNetworks(address), true).filter((rule) => rule.kind !== ACCOUNT_ADDRESS_KIND);
  return refusedInMemory(rules, now)?.retryAfterMs ?? null;
}

/** The attempts this process knows the address and its network made within their windows: its place in line. */
export function recentAttempts(rules: AttemptRule[], now = new Date()): number {
  let attempts = 0;
  for (const rule of rules) {
    if (rule.kind !== "sign-in-address" && rule.kind !== "sign-in-network") continue;
    const counter = remembered.get(entry(rule));
    if (counter && now.getTime() - counter.lastAt.getTime() < rule.windowMs) attempts = Math.max(attempts, counter.attempts);
  }
  return attempts;
}

/** The counts the database just admitted the attempt with (the rules' order). */
export function rememberAdmitted(rules: AttemptRule[], attempts: number[], now = new Date()) {
  rules.forEach((rule, i) => remember(rule, { attempts: attempts[i], lastAt: now }));
}

/** The database refused under `rule`: full until the wait it gave is over. */
export function rememberRefused(rule: AttemptRule, retryAfterMs: number, now = new Date()) {
  remember(rule, { attempts: rule.limit, lastAt: new Date(now.getTime() - (rule.windowMs - retryAfterMs)) });
}

/** An attempt given back (releaseAttempt): one less, or the counter dropped when `forget` says so. */
export function rememberReleased(rules: AttemptRule[], forget: (rule: AttemptRule) => boolean = () => false) {
  for (const rule of rules) {
    const counter = remembered.get(entry(rule));
    if (!counter) continue;
    if (forget(rule)) remembered.delete(entry(rule));
    else counter.attempts = Math.max(0, counter.attempts - 1);
  }
}

/** Forgets every counter (tests that clear the table start afresh). */
export function forgetRemembered() {
  remembered.clear();
}

const held = new Map<string, number>();

function hold(key: string, delta: number) {
  const count = (held.get(key) ?? 0) + delta;
  if (count > 0) held.set(key, count);
  else held.delete(key);
}

/**
 * Takes one of the address's shares of the sign-in slots (SIGN_IN_SHARE: a few per address, a few more per network),
 * or none when it holds its share already: then the caller refuses at once, and a flood from one address or one
 * network can never hold every slot. Returns the release, or null.
 */
export function takeShare(address: AddressNetworks): (() => void) | null {
  // No network address (a call in-process: the server's entry stamps every request's): nothing to share out.
  if (!address.ip) return () => {};
  const keys = address.network === address.host ? [address.host] : [address.host, address.network];
  const limits = keys.length === 1 ? [SIGN_IN_SHARE.perAddress] : [SIGN_IN_SHARE.perAddress, SIGN_IN_SHARE.perNetwork];
  if (keys.some((key, i) => (held.get(key) ?? 0) >= limits[i])) return null;
  for (const key of keys) hold(key, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) hold(key, -1);
  };
}
