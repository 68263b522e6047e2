import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ValidationError } from "@/server/core/errors";

// SSRF: a webhook is the console making requests to addresses its users choose, so an endpoint may not point into
// the console's own network. Refused: private, loopback, link-local (with the clouds' metadata addresses),
// shared (CGNAT), multicast, unspecified, reserved and documentation ranges, IPv4 and IPv6, IPv4 written inside
// IPv6 (mapped, compatible, NAT64, 6to4) included. Checked when the endpoint is saved and again on every delivery
// (DNS can change), on the very address the request then connects to. WEBHOOK_ALLOW_PRIVATE=on lifts the rule, and
// allows http:// (tests and closed networks).

export const webhookPrivateAllowed = (env: Record<string, string | undefined> = process.env) => env.WEBHOOK_ALLOW_PRIVATE === "on";

const IPV4_BLOCKED: [number, number][] = (
  [
    ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
    ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
    ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
  ] as const
).map(([base, bits]) => [ipv4Number(base), bits]);

function ipv4Number(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv4Blocked(value: number): boolean {
  return IPV4_BLOCKED.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, "").split("%")[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  const groups = tail === undefined ? start : [...start, ...new Array(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function ipv6Blocked(groups: number[]): boolean {
  const [a, b, c, d, e, f, g, h] = groups;
  const zeroTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // ::/96 (unspecified, loopback, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped): the IPv4 rule, and :: and ::1.
  if (zeroTo(5) && (f === 0 || f === 0xffff)) return f === 0 && g === 0 ? true : ipv4Blocked(embeddedIpv4(g, h));
  // 64:ff9b::/96 (NAT64) and 2002::/16 (6to4) carry an IPv4 address.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return ipv4Blocked(embeddedIpv4(g, h));
  if (a === 0x2002) return ipv4Blocked(embeddedIpv4(b, c));
  return (
    (a & 0xfe00) === 0xfc00 || // unique local
    (a & 0xffc0) === 0xfe80 || // link-local
    (a & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (a & 0xff00) === 0xff00 || // multicast
    (a === 0x100 && b === 0 && c === 0 && d === 0) || // discard
    (a === 0x2001 && b === 0xdb8) // documentation
  );
}

/** Is this IP address one a webhook may not reach? (Not an IP address at all: refused too.) */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare.split("%")[0]);
  if (family === 4) return ipv4Blocked(ipv4Number(bare));
  if (family === 6) {
    const groups = ipv6Groups(bare);
    return groups === null || ipv6Blocked(groups);
  }
  return true;
}

/** Why an endpoint URL is refused (a catalogue key), or null: its scheme, its credentials, its address. */
export async function endpointUrlRefusal(url: string, allowPrivate = webhookPrivateAllowed()): Promise<string | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) return "validation.webhookUrlHttps";
  if (parsed.username || parsed.password) return "validation.webhookUrlCredentials";
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isBlockedAddress(host) ? "validation.webhookUrlPrivate" : null;
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => null);
  // A name that does not resolve yet is kept: every delivery resolves it again, and refuses it then if need be.
  if (addresses === null) return null;
  return addresses.some((entry) => isBlockedAddress(entry.address)) ? "validation.webhookUrlPrivate" : null;
}

/** Refuses an endpoint URL the console may not call (a validation error on the url field). */
export async function assertEndpointUrl(url: string): Promise<void> {
  const refusal = await endpointUrlRefusal(url);
  if (refusal) throw new ValidationError(refusal, { field: "url" }, [{ path: "url", key: refusal }]).onField("url");
}
