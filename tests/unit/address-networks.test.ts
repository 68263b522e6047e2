import { describe, expect, it } from "vitest";
import { addressNetworks } from "@/server/auth/address-networks";

describe("the budgets an address draws on", () => {
  it("budgets an IPv4 address on its own and its /24 as its network", () => {
    expect(addressNetworks("198.51.100.7")).toEqual({ host: "198.51.100.7", network: "198.51.100.0/24", ip: true });
  });

  it("budgets an IPv6 address by its /64, however it is written", () => {
    const expected = { host: "2001:db8:41:7::/64", network: "2001:db8:41:7::/64", ip: true };
    for (const written of ["2001:db8:41:7::1", "2001:DB8:41:7:ffff:1:2:3", "2001:0db8:0041:0007:0000:0000:0000:00aa", "[2001:db8:41:7::9]", "2001:db8:41:7::1%eth0"]) {
      expect(addressNetworks(written)).toEqual(expected);
    }
    expect(addressNetworks("2001:db8:41:8::1").host).toBe("2001:db8:41:8::/64");
    expect(addressNetworks("::1").host).toBe("0:0:0:0::/64");
    expect(addressNetworks("2001:db8::").host).toBe("2001:db8:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address it is", () => {
    expect(addressNetworks("::ffff:192.0.2.33")).toEqual({ host: "192.0.2.33", network: "192.0.2.0/24", ip: true });
    expect(addressNetworks("::ffff:c000:221")).toEqual({ host: "192.0.2.33", network: "192.0.2.0/24", ip: true });
  });

  it("keeps anything else as it is", () => {
    expect(addressNetworks("unknown")).toEqual({ host: "unknown", network: "unknown", ip: false });
    expect(addressNetworks("")).toEqual({ host: "unknown", network: "unknown", ip: false });
  });
});
