import { SCOPES, type Scope } from "@/lib/auth/scopes";

// API tokens (issue 43, scope 1): the rules a page and the server share, without zod.

/** What every API token's secret starts with (a device's ingestion token starts with "mdt_"). */
export const API_TOKEN_PREFIX = "mat_";
/** How many characters of the secret a list shows: the prefix and a few more, enough to tell tokens apart. */
export const API_TOKEN_SHOWN_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Expiry: required, 90 days unless said, a year at most. */
export const API_TOKEN_EXPIRY_DAYS = { default: 90, min: 1, max: 365 } as const;
export const API_TOKEN_MAX_ADDRESSES = 20;

/**
 * Each token's own rate budget (a token bucket): `perSecond` calls a second sustained, `burst` at once. One token
 * spending its budget never touches another's, nor the browser sessions (which have none).
 */
export const API_TOKEN_RATE = { perSecond: 10, burst: 20 } as const;

/** The read scopes among the given ones: what a new token holds unless more are asked for. */
export const readScopes = (scopes: readonly string[]): Scope[] => SCOPES.filter((scope) => scope.endsWith(":read") && scopes.includes(scope));

/** The asked scopes the holder does not have (empty: the ask is a subset). */
export const scopesBeyond = (asked: readonly string[], held: readonly string[]): string[] => asked.filter((scope) => !held.includes(scope));

/** What a token may do now: its own scopes that its owner still holds (a role change narrows it at once). */
export const effectiveScopes = (tokenScopes: readonly string[], ownerScopes: readonly string[]): Scope[] =>
  SCOPES.filter((scope) => tokenScopes.includes(scope) && ownerScopes.includes(scope));

export const API_TOKEN_STATUSES = ["active", "expired", "revoked"] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export function apiTokenStatus(token: { expiresAt: string | Date; revokedAt: string | Date | null }, now = Date.now()): ApiTokenStatus {
  if (token.revokedAt) return "revoked";
  return new Date(token.expiresAt).getTime() <= now ? "expired" : "active";
}

/** When a token made now for `days` days expires. */
export const apiTokenExpiry = (days: number, now = Date.now()) => new Date(now + days * 86_400_000);

// --- Client addresses ------------------------------------------------------------------------------------------

/** An address or a network as 16 bytes (IPv4 as IPv4-mapped IPv6), with its prefix length over the 128 bits. */
export interface AddressRange {
  bytes: number[];
  prefix: number;
  version: 4 | 6;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function ipv4Bytes(text: string): number[] | null {
  return IPV4.test(text) ? text.split(".").map(Number) : null;
}

function ipv6Bytes(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = ipv4Bytes(piece);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<number>(missing).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 255]);
}

const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255];

/** An address ("192.0.2.1", "2001:db8::1") or a network ("192.0.2.0/24", "2001:db8::/32"), or null when it is neither. */
export function parseAddressRange(text: string): AddressRange | null {
  const [address, prefixText, ...rest] = text.trim().split("/");
  if (rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null;
  const v4 = ipv4Bytes(address);
  if (v4) {
    const prefix = prefixText === undefined ? 32 : Number(prefixText);
    return prefix > 32 ? null : { bytes: [...MAPPED, ...v4], prefix: prefix + 96, version: 4 };
  }
  const v6 = ipv6Bytes(address);
  if (!v6) return null;
  const prefix = prefixText === undefined ? 128 : Number(prefixText);
  if (prefix > 128) return null;
  // An IPv4-mapped address is the IPv4 address it maps.
  const mapped = MAPPED.every((byte, index) => v6[index] === byte);
  return { bytes: v6, prefix, version: mapped && prefix >= 96 ? 4 : 6 };
}

/** Whether the address lies in the range (an address is a range of one). */
export function rangeContains(range: AddressRange, address: AddressRange): boolean {
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const bits = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    if ((range.bytes[bit / 8] & mask) !== (address.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

/** Whether a client address is allowed by a token's list (an empty list allows every address). */
export function addressAllowed(allowed: readonly string[], address: string): boolean {
  if (allowed.length === 0) return true;
  const client = parseAddressRange(address);
  if (!client || client.prefix !== 128) return false;
  return allowed.some((entry) => {
    const range = parseAddressRange(entry);
    return range !== null && rangeContains(range, client);
  });
}

/**
 * Wrong bearer values (unknown, malformed) guessed from one address (an IPv4 address or IPv6 /64) and its IPv4 /24:
 * past these within the window of the last one, that address's token calls answer 429 until the window has passed.
 */
export const API_TOKEN_GUESS_LIMIT = { windowMs: 15 * 60_000, maxPerAddress: 30, maxPerNetwork: 100 } as const;

/** Why a token's call was refused, as its "refused" event says. */
export const API_TOKEN_REFUSALS = ["expired", "revoked", "address", "scope"] as const;
export type ApiTokenRefusal = (typeof API_TOKEN_REFUSALS)[number];

/** The catalogue key of a scope's name as a person reads it ("common:config:read" → "Read configuration"). */
export const SCOPE_LABEL_KEYS = {
  "common:config:read": "apiTokens.scopeLabels.configRead",
  "common:config:write": "apiTokens.scopeLabels.configWrite",
  "common:user:read": "apiTokens.scopeLabels.userRead",
  "common:user:write": "apiTokens.scopeLabels.userWrite",
  "msp:lifecycle:read": "apiTokens.scopeLabels.mspLifecycleRead",
  "msp:lifecycle:write": "apiTokens.scopeLabels.mspLifecycleWrite",
  "msp:inventory:read": "apiTokens.scopeLabels.mspInventoryRead",
  "msp:inventory:write": "apiTokens.scopeLabels.mspInventoryWrite",
  "internal:inventory:read": "apiTokens.scopeLabels.internalInventoryRead",
  "internal:inventory:write": "apiTokens.scopeLabels.internalInventoryWrite",
} as const satisfies Record<Scope, `apiTokens.scopeLabels.${string}`>;

/** Splits what a person typed in the allowed-addresses box (lines, commas, spaces) into its entries. */
export const splitAddresses = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
