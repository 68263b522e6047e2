import { describe, expect, it } from "vitest";
import { connectorFormValues } from "@/components/connectors/connector-form";
import { isAwsPath } from "@/components/paths/aws-paths";
import { pathFormValues } from "@/components/paths/path-form";
import { readAwsConfigFile } from "@/components/sites/aws-config";
import { siteFormValues } from "@/components/sites/site-form";
import { connectorChangedSchema, connectorCreateSchema, CONNECTOR_KINDS, IPSEC_DEFAULTS, type Connector } from "@/lib/connectors/schema";
import { pathCreateSchema, type Path } from "@/lib/paths/schema";
import { siteCreateSchema, siteUpdateSchema, type Site } from "@/lib/sites/schema";

// The forms' starting values are what the shared schemas accept: an unchanged edit form always submits, and a new
// form asks for exactly what is missing.

const base = {
  id: "s1",
  organizationId: "o1",
  name: "Frankfurt DC",
  description: "Primary data centre",
  location: { address: "Frankfurt (FR), Germany", latitude: 50.11, longitude: 8.68 },
  active: true,
  awsConfigSet: false,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
};

const SITES: Site[] = [
  { ...base, type: "standard" },
  { ...base, type: "aws", awsAccountId: "123456789012", region: "eu-central-1" },
  { ...base, type: "aws-direct-connect", awsAccountId: "210987654321", region: "eu-west-3" },
  { ...base, type: "azure", azureSubscriptionId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10", region: "westeurope" },
  { ...base, type: "gcp", gcpProjectId: "fabrikam-prod-381204", region: "us-east4" },
  { ...base, type: "oracle", oracleCompartmentId: "ocid1.compartment.oc1..aaaaaaaainitech", region: "eu-frankfurt-1" },
];

describe("siteFormValues", () => {
  it.each(SITES.map((site) => [site.type, site] as const))("a %s site's edit form is valid as it is, and a valid PATCH", (_type, site) => {
    const values = siteFormValues(site);
    const parsed = siteCreateSchema.parse(values);
    expect(parsed).toMatchObject({ name: site.name, type: site.type, location: site.location });
    expect(siteUpdateSchema.safeParse(parsed).success).toBe(true);
    // Only the fields of its type: the strict schema refuses any other.
    expect(Object.keys(values).sort()).toEqual(Object.keys(parsed).sort());
  });

  it("a new site's form asks for the name and a location chosen from the dropdown", () => {
    const result = siteCreateSchema.safeParse(siteFormValues());
    expect(result.success).toBe(false);
    // The first message of each field is the one the form shows.
    const issues: Record<string, string> = {};
    for (const issue of result.error!.issues) issues[issue.path.join(".")] ??= issue.message;
    expect(issues).toEqual({ name: "validation.nameRequired", location: "validation.location" });
  });
});

const connectorBase = { id: "c1", organizationId: "o1", siteId: "s1", name: "Lyon IPsec", bandwidth: 200, createdAt: "x", updatedAt: "x" };
const CONNECTORS: Connector[] = [
  { ...connectorBase, kind: "physical", description: "", customerIp: "10.10.0.2", providerEdgeIp: "10.10.0.1", vlan: 110 },
  {
    ...connectorBase,
    kind: "ipsec",
    description: "Branch tunnel",
    localSiteIp: "192.168.50.1",
    publicIp: "198.51.100.24",
    ...IPSEC_DEFAULTS,
    presharedKeySet: true,
  },
  { ...connectorBase, kind: "external" },
  { ...connectorBase, kind: "virtual", description: "" },
  { ...connectorBase, kind: "internet", description: "DIA" },
];

describe("connectorFormValues", () => {
  it.each(CONNECTORS.map((connector) => [connector.kind, connector] as const))(
    "a %s connector's edit form is valid as it is, without its preshared key",
    (_kind, connector) => {
      const values = connectorFormValues(connector.kind, connector);
      expect(values).not.toHaveProperty("presharedKeySet");
      expect(values).not.toHaveProperty("presharedKey");
      expect(values).not.toHaveProperty("id");
      expect(connectorChangedSchema.safeParse(values).success).toBe(true);
    },
  );

  it("a new connector's form holds its kind's fields only, with the usual IPsec settings offered", () => {
    for (const kind of CONNECTOR_KINDS) {
      const result = connectorCreateSchema.safeParse(connectorFormValues(kind));
      expect(result.success).toBe(false);
      // Nothing is refused as an unknown field: every issue is about a field of the kind.
      expect(result.error!.issues.every((issue) => issue.code !== "unrecognized_keys")).toBe(true);
    }
    expect(connectorFormValues("ipsec")).toMatchObject({ ...IPSEC_DEFAULTS, presharedKey: "" });
    const ipsecIssues = new Set(connectorCreateSchema.safeParse(connectorFormValues("ipsec")).error!.issues.map((issue) => issue.path.join(".")));
    expect([...ipsecIssues].sort()).toEqual(["bandwidth", "localSiteIp", "name", "presharedKey", "publicIp"]);
    const physicalIssues = connectorCreateSchema.safeParse(connectorFormValues("physical")).error!.issues.map((issue) => issue.message);
    expect(physicalIssues).toContain("validation.vlanRange");
  });
});

describe("pathFormValues", () => {
  const path: Path = {
    id: "p1",
    organizationId: "o1",
    name: "Paris ⇄ Azure",
    layer: "layer3",
    sourceSiteId: "s1",
    sourceSiteName: "Paris HQ",
    sourceConnectorId: "c1",
    sourceConnectorName: "Paris fiber A",
    destinationSiteId: "s2",
    destinationSiteName: "Azure West Europe",
    destinationConnectorId: "c2",
    destinationConnectorName: "Azure ExpressRoute",
    bandwidth: 1000,
    vlanType: "specific",
    vlanId: 230,
    prefix: ["10.10.0.0/16", "10.50.0.0/16"],
    slaHealth: "warning",
    createdAt: "x",
    updatedAt: "x",
  };

  it("an existing path's form gives back the same path", () => {
    expect(pathCreateSchema.parse(pathFormValues("s1", path))).toEqual({
      name: path.name,
      layer: "layer3",
      sourceSiteId: "s1",
      sourceConnectorId: "c1",
      destinationSiteId: "s2",
      destinationConnectorId: "c2",
      bandwidth: 1000,
      vlanType: "specific",
      vlanId: 230,
      prefix: ["10.10.0.0/16", "10.50.0.0/16"],
    });
    const all = { ...path, layer: "layer2" as const, vlanType: "all" as const, vlanId: null, prefix: [] };
    expect(pathCreateSchema.parse(pathFormValues("s1", all))).toMatchObject({ layer: "layer2", vlanType: "all", vlanId: null, prefix: null });
  });

  it("a new path starts from its site and asks for the rest; an empty VLAN box is no VLAN, not VLAN 0", () => {
    const issues = pathCreateSchema.safeParse(pathFormValues("s1")).error!.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "name:validation.nameRequired",
        "sourceConnectorId:validation.sourceConnectorRequired",
        "destinationSiteId:validation.destinationSiteRequired",
        "destinationConnectorId:validation.destinationConnectorRequired",
        "prefix:validation.prefixRequired",
        "vlanId:validation.vlanRange",
      ]),
    );
    expect(issues.some((issue) => issue.startsWith("sourceSiteId"))).toBe(false);
  });
});

describe("readAwsConfigFile (SPEC §5: plain text with a .txt extension)", () => {
  const file = (name: string, content: BlobPart, type = "text/plain") => new File([content], name, { type });

  it("reads a .txt file of plain text", async () => {
    expect(await readAwsConfigFile(file("vpn-0abc.txt", "crypto isakmp policy 200\n  encryption aes 128\n"))).toEqual({
      fileName: "vpn-0abc.txt",
      content: "crypto isakmp policy 200\n  encryption aes 128\n",
    });
    expect(await readAwsConfigFile(file("VPN.TXT", "line\r\n", ""))).toEqual({ fileName: "VPN.TXT", content: "line\r\n" });
  });

  it.each([
    ["another extension", file("vpn.cfg", "text")],
    ["no extension", file("vpn", "text")],
    ["a .txt name that is not plain text", file("vpn.txt", new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))],
    ["a declared non-text type", file("vpn.txt", "text", "application/pdf")],
    ["an empty file", file("vpn.txt", "")],
    ["a file over 64 KiB", file("vpn.txt", "a".repeat(64 * 1024 + 1))],
  ])("refuses %s", async (_case, candidate) => {
    expect(await readAwsConfigFile(candidate)).toBeNull();
  });
});

describe("isAwsPath", () => {
  const sites = [
    { id: "paris", type: "standard" as const },
    { id: "aws", type: "aws" as const },
    { id: "dx", type: "aws-direct-connect" as const },
    { id: "azure", type: "azure" as const },
  ];
  it.each([
    ["paris", "aws", true],
    ["aws", "paris", true],
    ["dx", "azure", true],
    ["paris", "azure", false],
  ] as const)("%s → %s: %s", (source, destination, expected) => {
    expect(isAwsPath({ sourceSiteId: source, destinationSiteId: destination }, sites)).toBe(expected);
  });
});
