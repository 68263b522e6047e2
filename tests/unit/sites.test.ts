import { describe, expect, it } from "vitest";
import { CONNECTOR_KINDS, connectorCreateSchema } from "@/lib/connectors/schema";
import { foldText, matchesWordPrefix, wordStarts } from "@/lib/locations/text";
import { CLOUD_PROVIDERS, CLOUD_REGIONS, isCloudRegion } from "@/lib/sites/cloud-regions";
import { isPlainText, isTxtFileName, SITE_PROVIDERS, SITE_TYPES, siteCreateSchema } from "@/lib/sites/schema";
import { connectors, sites } from "@/server/db/schema";

describe("foldText", () => {
  it.each([
    ["São Paulo", "sao paulo"],
    ["Saint-Étienne", "saint etienne"],
    ["ZÜRICH", "zurich"],
    ["Łódź", "lodz"],
    ["Straße", "strasse"],
    ["Ærøskøbing", "aeroskobing"],
    ["L'Aquila", "l aquila"],
    ["  New   York  ", "new york"],
    ["Frankfurt (Oder)", "frankfurt oder"],
  ])("%s → %s", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("finds word starts and word prefixes", () => {
    expect(wordStarts("new york city")).toEqual([0, 4, 9]);
    expect(matchesWordPrefix("new york city", "york")).toBe(true);
    expect(matchesWordPrefix("new york city", "new yo")).toBe(true);
    expect(matchesWordPrefix("new york city", "ork")).toBe(false);
  });
});

describe("site and connector types", () => {
  it("are the table's", () => {
    expect(sites.type.enumValues).toEqual([...SITE_TYPES]);
    expect(connectors.kind.enumValues).toEqual([...CONNECTOR_KINDS]);
    expect(Object.keys(SITE_PROVIDERS).sort()).toEqual(SITE_TYPES.filter((type) => type !== "standard").sort());
  });

  it("have about ten real regions per provider, each code once", () => {
    for (const provider of CLOUD_PROVIDERS) {
      const codes = CLOUD_REGIONS[provider].map((region) => region.code);
      expect(codes.length).toBeGreaterThanOrEqual(10);
      expect(new Set(codes).size).toBe(codes.length);
    }
    expect(isCloudRegion("aws", "us-east-1")).toBe(true);
    expect(isCloudRegion("azure", "eastus")).toBe(true);
    expect(isCloudRegion("gcp", "us-central1")).toBe(true);
    expect(isCloudRegion("oracle", "us-ashburn-1")).toBe(true);
    expect(isCloudRegion("aws", "eastus")).toBe(false);
  });
});

describe("the site form's schema", () => {
  const location = { address: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522 };
  const firstMessage = (input: unknown, field: string) =>
    siteCreateSchema.safeParse(input).error?.issues.find((issue) => issue.path.join(".") === field)?.message;

  it("asks for the account of the chosen type and a region of its provider", () => {
    expect(firstMessage({ name: "Site", location, type: "aws" }, "awsAccountId")).toBe("validation.awsAccountIdRequired");
    expect(firstMessage({ name: "Site", location, type: "aws" }, "region")).toBe("validation.regionRequired");
    expect(firstMessage({ name: "Site", location, type: "oracle", region: "eastus" }, "region")).toBe('validation.regionInvalid::{"provider":"Oracle Cloud"}');
    expect(firstMessage({ name: "Site", type: "standard" }, "location")).toBe("validation.location");
    expect(siteCreateSchema.safeParse({ name: "Site", location, type: "gcp", gcpProjectId: "acme-prod-1", region: "europe-west1" }).success).toBe(true);
  });

  it("checks the MSS against the MTU for IPsec", () => {
    const ipsec = {
      kind: "ipsec",
      name: "Tunnel",
      bandwidth: 100,
      localSiteIp: "192.168.1.1",
      publicIp: "198.51.100.1",
      mtu: 1400,
      mss: 1361,
      natTraversal: true,
      deadPeerDetectionDelaySeconds: 10,
      phase1SaLifetimeHours: 8,
      phase2SaLifetimeHours: 1,
      presharedKey: "12345678",
    };
    const issues = connectorCreateSchema.safeParse(ipsec).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["mss", 'validation.mssAboveMtu::{"max":1360}']]);
    expect(connectorCreateSchema.safeParse({ ...ipsec, mss: 1360 }).success).toBe(true);
  });
});

describe("the AWS configuration file", () => {
  it.each([
    ["config.txt", true],
    ["My VPN config.TXT", true],
    ["config.pdf", false],
    ["config.txt.exe", false],
    [".txt", false],
    ["   .txt", false],
    ["dir/config.txt", false],
    ["dir\\config.txt", false],
    ["con\u0000fig.txt", false],
    [`${"a".repeat(252)}.txt`, false],
  ])("file name %j → %s", (name, ok) => {
    expect(isTxtFileName(name)).toBe(ok);
  });

  it.each([
    ["interface tunnel1\r\n\tip address 169.254.0.1\n", true],
    ["ünïcödé ✓", true],
    ["", false],
    ["a\u0000b", false],
    ["a\u001bb", false],
    ["a\u007fb", false],
    ["a\u009fb", false],
    ["a\ud800b", false],
    ["a".repeat(65_536), true],
    ["a".repeat(65_537), false],
    ["€".repeat(21_846), false],
  ])("content #%# → %s", (content, ok) => {
    expect(isPlainText(content)).toBe(ok);
  });
});
