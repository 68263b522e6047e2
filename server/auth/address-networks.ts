import "server-only";
import { isIPv4, isIPv6 } from "node:net";

/**
 * The budgets an address draws on. An IPv6 host gets a whole /64 (an attacker with one has 2^64 addresses), so its
 * /64 is the address; an IPv4 address is itself, and its /24 (a NAT pool, a small provider block) a looser budget.
 */
export interface AddressNetworks {
  /** The address as budgeted: an IPv4 address, or an IPv6 /64. */
  host: string;
  /** The wider network: an IPv4 /24, or the /64 again for IPv6. */
  network: string;
  /** Whether the address is an IP address at all ("unknown" for a call in-process). */
  ip: boolean;
}

function expandIPv6(address: string): string[] | null {
  const [head, tail = null, ...rest] = address.split("::");
  if (rest.length > 0) return null;
  const part = (text: string) => (text === "" ? [] : text.split(":"));
  const left = part(head);
  const right = tail === null ? [] : part(tail);
  // An embedded IPv4 tail (::ffff:192.0.2.1) takes two groups.
  const last = right.length > 0 ? right : left;
  if (last.length > 0 && isIPv4(last.at(-1)!)) {
    const [a, b, c, d] = last.pop()!.split(".").map(Number);
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === null ? 0 : missing).fill("0"), ...right].map((group) => parseInt(group, 16).toString(16));
}

const bareOf = (address: string) => address.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");

/**
 * The address as one writes it: no brackets or zone, and an IPv4-mapped IPv6 address (a dual-stack socket's view of
 * an IPv4 client) as that IPv4 address — what an allow-list of addresses and networks is checked against.
 */
export function plainAddress(address: string): string {
  const bare = bareOf(address);
  const groups = isIPv6(bare) ? expandIPv6(bare) : null;
  if (groups && groups.slice(0, 6).join(":") === "0:0:0:0:0:ffff") {
    const [high, low] = groups.slice(6).map((group) => parseInt(group, 16));
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return bare;
}

export function addressNetworks(address: string): AddressNetworks {
  const bare = bareOf(address);
  if (isIPv4(bare)) return { host: bare, network: `${bare.split(".").slice(0, 3).join(".")}.0/24`, ip: true };
  if (isIPv6(bare)) {
    const groups = expandIPv6(bare);
    if (groups) {
      // An IPv4-mapped address (a dual-stack socket's view of an IPv4 client) is that IPv4 address.
      if (groups.slice(0, 6).join(":") === "0:0:0:0:0:ffff") {
        const [high, low] = groups.slice(6).map((group) => parseInt(group, 16));
        return addressNetworks([high >> 8, high & 255, low >> 8, low & 255].join("."));
      }
      const prefix = `${groups.slice(0, 4).join(":")}::/64`;
      return { host: prefix, network: prefix, ip: true };
    }
  }
  return { host: bare || "unknown", network: bare || "unknown", ip: false };
}
