import "server-only";
import type { AttemptRule } from "@/server/auth/attempt-rules";

// Issuing a device token revokes the device's previous one: a script (or a stolen session) looping on it would keep
// every device of an MSP from reporting. Issuing is counted per organization and per address, a window at a time.
const WINDOW_MS = 15 * 60_000;
export const DEVICE_TOKEN_RATE_LIMIT = { windowMs: WINDOW_MS, maxPerOrganization: 60, maxPerAddress: 120 } as const;

export function deviceTokenRules(address: string, organizationId: string): AttemptRule[] {
  const { windowMs, maxPerOrganization, maxPerAddress } = DEVICE_TOKEN_RATE_LIMIT;
  return [
    { kind: "device-token-organization", key: organizationId, limit: maxPerOrganization, windowMs },
    { kind: "device-token-address", key: address, limit: maxPerAddress, windowMs },
  ];
}
