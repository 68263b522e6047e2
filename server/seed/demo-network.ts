import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { deviceSilentMessage, linkDownMessage, portDownMessage, slaBadMessage } from "@/lib/alarms/message";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { lifecycleResultKey } from "@/lib/lifecycle/result-message";
import { messageWithValues } from "@/lib/validation/messages";
import { encryptSecret } from "@/server/secrets/crypto";
import { homeUnhomedConnectors } from "@/server/paths/homing";
import type { Db } from "@/server/db/client";
import {
  alarms,
  connectors,
  coreFabrics,
  devices,
  events,
  externalFabrics,
  invitations,
  interfaces,
  ipsecEndpoints,
  lifecycleOperations,
  links,
  nodes,
  paths,
  sites,
  switchPorts,
} from "@/server/db/schema";

// The demo network: what a new user sees in every screen. Real metros, consistent bandwidths (no connector is
// over-subscribed), distinct VLANs per node, every connector kind, Layer 2 and Layer 3 paths, and a month of
// alarm, event and lifecycle history.

type Tx = Db;
type Ids = Map<string, string>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const claimHash = (code: string) => createHash("sha256").update(code).digest("base64url");

interface Place {
  address: string;
  latitude: number;
  longitude: number;
}

const PLACES = {
  frankfurt: { address: "Frankfurt am Main, Germany (FR)", latitude: 50.1109, longitude: 8.6821 },
  london: { address: "London, United Kingdom (LD)", latitude: 51.5074, longitude: -0.1278 },
  ashburn: { address: "Ashburn, Virginia, United States (DC)", latitude: 39.0438, longitude: -77.4874 },
  singapore: { address: "Singapore (SG)", latitude: 1.3521, longitude: 103.8198 },
  paris: { address: "Paris, France (PA)", latitude: 48.8566, longitude: 2.3522 },
  amsterdam: { address: "Amsterdam, Netherlands (AM)", latitude: 52.3676, longitude: 4.9041 },
  madrid: { address: "Madrid, Spain (MD)", latitude: 40.4168, longitude: -3.7038 },
  milan: { address: "Milan, Italy (ML)", latitude: 45.4642, longitude: 9.19 },
  seattle: { address: "Seattle, Washington, United States (SE)", latitude: 47.6062, longitude: -122.3321 },
  lyon: { address: "Lyon, France", latitude: 45.764, longitude: 4.8357 },
  dublin: { address: "Dublin, Ireland (DB)", latitude: 53.3498, longitude: -6.2603 },
} satisfies Record<string, Place>;

const at = (place: Place) => ({ locationAddress: place.address, latitude: place.latitude, longitude: place.longitude });

async function insertNode(tx: Tx, values: typeof nodes.$inferInsert) {
  const [row] = await tx.insert(nodes).values(values).returning({ id: nodes.id });
  return row.id;
}

async function insertInterface(tx: Tx, values: typeof interfaces.$inferInsert) {
  const [row] = await tx.insert(interfaces).values(values).returning({ id: interfaces.id });
  return row.id;
}

/** A core fabric of core nodes in real metros, with a fiber link for every pair (full mesh). */
async function seedCoreFabric(tx: Tx, mspId: string, name: string, metros: [string, Place][], prefix: string) {
  const [fabric] = await tx.insert(coreFabrics).values({ organizationId: mspId, name }).returning({ id: coreFabrics.id });
  const core: { id: string; code: string; ports: string[] }[] = [];
  for (const [code, place] of metros) {
    const id = await insertNode(tx, {
      organizationId: mspId,
      kind: "core",
      name: `${prefix}-core-${code}`,
      description: `Core router, ${place.address}`,
      ...at(place),
      coreFabricId: fabric.id,
    });
    const ports: string[] = [];
    for (let port = 1; port <= metros.length + 2; port++) {
      ports.push(await insertInterface(tx, { nodeId: id, portId: `et-0/0/${port}`, type: "fabric", mtu: 9216 }));
    }
    core.push({ id, code, ports });
  }
  let vlan = 100;
  for (let i = 0; i < core.length; i++) {
    for (let j = i + 1; j < core.length; j++) {
      const a = core[i];
      const b = core[j];
      await tx.insert(links).values({
        organizationId: mspId,
        name: `${prefix}-${a.code}-${b.code}`,
        type: "fiber",
        bandwidthMbps: 100_000,
        cost: 10 + i + j,
        mtu: 9216,
        sourceNodeId: a.id,
        sourceInterfaceId: a.ports[j],
        sourceVlan: vlan,
        destinationNodeId: b.id,
        destinationInterfaceId: b.ports[i],
        destinationVlan: vlan,
        coreFabricId: fabric.id,
      });
      vlan++;
    }
  }
  return { fabricId: fabric.id, core };
}

async function insertSite(tx: Tx, values: typeof sites.$inferInsert) {
  const [row] = await tx.insert(sites).values(values).returning({ id: sites.id });
  return row.id;
}

async function insertConnector(tx: Tx, values: typeof connectors.$inferInsert) {
  const [row] = await tx.insert(connectors).values(values).returning({ id: connectors.id });
  return row.id;
}

/** Seeds the demo network for the demo organizations (ids by organization name, user ids by email). */
export async function seedDemoNetwork(db: Db, orgs: Ids, people: Ids): Promise<void> {
  const northwind = orgs.get("Northwind Networks")!;
  const bluewave = orgs.get("Bluewave Telecom")!;
  const contoso = orgs.get("Contoso")!;
  const fabrikam = orgs.get("Fabrikam")!;
  const initech = orgs.get("Initech")!;
  const maia = orgs.get("Maia")!;
  const now = Date.now();
  const presharedKey = await encryptSecret(db, "demo-preshared-key-contoso");
  const equinixSecret = await encryptSecret(db, "demo-equinix-client-secret");

  await db.transaction(async (tx) => {
    // --- Core fabrics: four core nodes each, full mesh. ---
    const nw = await seedCoreFabric(
      tx,
      northwind,
      "Northwind Global Core",
      [["fra", PLACES.frankfurt], ["lon", PLACES.london], ["ash", PLACES.ashburn], ["sin", PLACES.singapore]],
      "nw",
    );
    const bw = await seedCoreFabric(
      tx,
      bluewave,
      "Bluewave Europe Core",
      [["par", PLACES.paris], ["ams", PLACES.amsterdam], ["mad", PLACES.madrid], ["mil", PLACES.milan]],
      "bw",
    );
    await tx.insert(externalFabrics).values({
      organizationId: northwind,
      name: "Equinix Fabric",
      type: "equinix",
      clientId: "nw-equinix-client",
      clientSecretEncrypted: equinixSecret,
    });

    // --- Customer sites of every type. ---
    const site = (organizationId: string, name: string, place: Place, extra: Partial<typeof sites.$inferInsert> = {}) =>
      insertSite(tx, { organizationId, name, description: extra.description ?? "", ...at(place), ...extra });
    const contosoParis = await site(contoso, "Paris HQ", PLACES.paris, { description: "Head office, 400 seats" });
    const contosoFrankfurt = await site(contoso, "Frankfurt DC", PLACES.frankfurt, { description: "Primary data centre" });
    const contosoLyon = await site(contoso, "Lyon Branch", PLACES.lyon, { description: "Sales office", active: false });
    const contosoAws = await site(contoso, "AWS eu-central-1", PLACES.frankfurt, {
      type: "aws",
      cloudAccountId: "123456789012",
      cloudRegion: "eu-central-1",
    });
    const contosoAzure = await site(contoso, "Azure West Europe", PLACES.amsterdam, {
      type: "azure",
      cloudAccountId: "5f1c2a7e-8c3b-4d2e-9a61-0b7d4e3f2c10",
      cloudRegion: "westeurope",
    });
    const fabrikamSeattle = await site(fabrikam, "Seattle Office", PLACES.seattle, { description: "Engineering" });
    const fabrikamDublin = await site(fabrikam, "Dublin Office", PLACES.dublin);
    const fabrikamGcp = await site(fabrikam, "GCP us-east4", PLACES.ashburn, {
      type: "gcp",
      cloudAccountId: "fabrikam-prod-381204",
      cloudRegion: "us-east4",
    });
    const initechMadrid = await site(initech, "Madrid Office", PLACES.madrid);
    const initechMilan = await site(initech, "Milan Branch", PLACES.milan);
    const initechOracle = await site(initech, "Oracle Frankfurt", PLACES.frankfurt, {
      type: "oracle",
      cloudAccountId: "ocid1.compartment.oc1..aaaaaaaainitech",
      cloudRegion: "eu-frankfurt-1",
    });
    const initechDx = await site(initech, "AWS Direct Connect Paris", PLACES.paris, {
      type: "aws-direct-connect",
      cloudAccountId: "210987654321",
      cloudRegion: "eu-west-3",
    });

    // --- Edge and CPE nodes, with ports assigned to the customers' sites. ---
    const edgePar = await insertNode(tx, {
      organizationId: northwind,
      kind: "edge",
      edgeType: "with-switch",
      name: "nw-edge-par-01",
      description: "Edge with switch, Paris Equinix PA3",
      ...at(PLACES.paris),
    });
    const edgeFra = await insertNode(tx, {
      organizationId: northwind,
      kind: "edge",
      edgeType: "standard",
      name: "nw-edge-fra-01",
      description: "Edge, Frankfurt FR5",
      ...at(PLACES.frankfurt),
    });
    const edgeSea = await insertNode(tx, {
      organizationId: northwind,
      kind: "edge",
      edgeType: "standard",
      name: "nw-edge-sea-01",
      description: "Edge, Seattle SE2",
      ...at(PLACES.seattle),
    });
    const cpeContoso = await insertNode(tx, {
      organizationId: northwind,
      kind: "cpe",
      name: "nw-cpe-contoso-lyon",
      description: "CPE at Contoso Lyon",
      ...at(PLACES.lyon),
    });
    const edgeMad = await insertNode(tx, {
      organizationId: bluewave,
      kind: "edge",
      edgeType: "standard",
      name: "bw-edge-mad-01",
      description: "Edge, Madrid MD2",
      ...at(PLACES.madrid),
    });
    const cpeInitech = await insertNode(tx, {
      organizationId: bluewave,
      kind: "cpe",
      name: "bw-cpe-initech-milan",
      description: "CPE at Initech Milan",
      ...at(PLACES.milan),
    });

    await tx.insert(switchPorts).values([
      { nodeId: edgePar, index: 1, bandwidthGbps: 10, customerOrganizationId: contoso, siteId: contosoParis },
      { nodeId: edgePar, index: 2, bandwidthGbps: 10, customerOrganizationId: contoso, siteId: contosoParis },
      { nodeId: edgePar, index: 3, bandwidthGbps: 1, customerOrganizationId: fabrikam, siteId: fabrikamDublin },
      { nodeId: edgePar, index: 4, bandwidthGbps: 1 },
    ]);
    const uplink = async (node: string) => insertInterface(tx, { nodeId: node, portId: "xe-0/0/0", type: "fabric", mtu: 9216 });
    const access = async (node: string, port: string, customer: string, siteId: string) =>
      insertInterface(tx, { nodeId: node, portId: port, type: "access", mtu: 1500, customerOrganizationId: customer, siteId });
    const parUplink = await uplink(edgePar);
    const fraUplink = await uplink(edgeFra);
    const seaUplink = await uplink(edgeSea);
    const madUplink = await uplink(edgeMad);
    await access(edgeFra, "ge-0/0/1", contoso, contosoFrankfurt);
    await access(edgeSea, "ge-0/0/1", fabrikam, fabrikamSeattle);
    await access(edgeMad, "ge-0/0/1", initech, initechMadrid);
    const [cpeContosoEndpoint] = await tx
      .insert(ipsecEndpoints)
      .values({ nodeId: cpeContoso, publicIp: "198.51.100.24", customerOrganizationId: contoso, siteId: contosoLyon })
      .returning({ id: ipsecEndpoints.id });
    const [edgeFraEndpoint] = await tx
      .insert(ipsecEndpoints)
      .values({ nodeId: edgeFra, publicIp: "203.0.113.10" })
      .returning({ id: ipsecEndpoints.id });
    const [cpeInitechEndpoint] = await tx
      .insert(ipsecEndpoints)
      .values({ nodeId: cpeInitech, publicIp: "198.51.100.77", customerOrganizationId: initech, siteId: initechMilan })
      .returning({ id: ipsecEndpoints.id });
    const [edgeMadEndpoint] = await tx
      .insert(ipsecEndpoints)
      .values({ nodeId: edgeMad, publicIp: "203.0.113.60" })
      .returning({ id: ipsecEndpoints.id });

    // Edge uplinks into the core (fiber), CPEs over the internet (IPsec).
    const nwCore = Object.fromEntries(nw.core.map((node) => [node.code, node]));
    const bwCore = Object.fromEntries(bw.core.map((node) => [node.code, node]));
    const edgeLink = (
      msp: string,
      name: string,
      edge: string,
      edgePort: string,
      core: { id: string; ports: string[] },
      corePort: number,
      vlan: number,
    ) =>
      tx.insert(links).values({
        organizationId: msp,
        name,
        type: "fiber",
        bandwidthMbps: 10_000,
        cost: 20,
        mtu: 9216,
        sourceNodeId: edge,
        sourceInterfaceId: edgePort,
        sourceVlan: vlan,
        destinationNodeId: core.id,
        destinationInterfaceId: core.ports.at(corePort)!,
        destinationVlan: vlan,
      });
    await edgeLink(northwind, "nw-edge-par-01 ⇄ nw-core-lon", edgePar, parUplink, nwCore.lon, -2, 200);
    await edgeLink(northwind, "nw-edge-fra-01 ⇄ nw-core-fra", edgeFra, fraUplink, nwCore.fra, -2, 201);
    await edgeLink(northwind, "nw-edge-sea-01 ⇄ nw-core-ash", edgeSea, seaUplink, nwCore.ash, -2, 202);
    await edgeLink(bluewave, "bw-edge-mad-01 ⇄ bw-core-mad", edgeMad, madUplink, bwCore.mad, -2, 200);
    await tx.insert(links).values([
      {
        organizationId: northwind,
        name: "nw-cpe-contoso-lyon ⇄ nw-edge-fra-01",
        type: "internet",
        bandwidthMbps: 500,
        cost: 50,
        mtu: 1400,
        sourceNodeId: cpeContoso,
        sourceIpsecEndpointId: cpeContosoEndpoint.id,
        sourceVlan: 100,
        destinationNodeId: edgeFra,
        destinationIpsecEndpointId: edgeFraEndpoint.id,
        destinationVlan: 300,
      },
      {
        organizationId: bluewave,
        name: "bw-cpe-initech-milan ⇄ bw-edge-mad-01",
        type: "internet",
        bandwidthMbps: 300,
        cost: 50,
        mtu: 1400,
        sourceNodeId: cpeInitech,
        sourceIpsecEndpointId: cpeInitechEndpoint.id,
        sourceVlan: 100,
        destinationNodeId: edgeMad,
        destinationIpsecEndpointId: edgeMadEndpoint.id,
        destinationVlan: 300,
      },
    ]);

    // --- Connectors of every kind. ---
    const connector = (siteId: string, organizationId: string, values: Omit<typeof connectors.$inferInsert, "siteId" | "organizationId">) =>
      insertConnector(tx, { siteId, organizationId, ...values });
    const parisFiber = await connector(contosoParis, contoso, {
      kind: "physical",
      name: "Paris fiber A",
      description: "10G port 1 on nw-edge-par-01",
      bandwidthMbps: 10_000,
      customerIp: "10.10.0.2",
      providerEdgeIp: "10.10.0.1",
      vlan: 110,
    });
    const parisDia = await connector(contosoParis, contoso, { kind: "internet", name: "Paris DIA", description: "Internet access", bandwidthMbps: 1_000 });
    const frankfurtFiber = await connector(contosoFrankfurt, contoso, {
      kind: "physical",
      name: "Frankfurt cross-connect",
      description: "FR5 cage 12",
      bandwidthMbps: 10_000,
      customerIp: "10.20.0.2",
      providerEdgeIp: "10.20.0.1",
      vlan: 120,
    });
    const lyonIpsec = await connector(contosoLyon, contoso, {
      kind: "ipsec",
      name: "Lyon IPsec",
      description: "Branch tunnel over broadband",
      bandwidthMbps: 200,
      localSiteIp: "192.168.50.1",
      publicIp: "198.51.100.24",
      mtu: 1400,
      mss: 1360,
      natTraversal: true,
      deadPeerDetectionDelaySeconds: 10,
      phase1SaLifetimeHours: 8,
      phase2SaLifetimeHours: 1,
      presharedKeyEncrypted: presharedKey,
    });
    const awsConnector = await connector(contosoAws, contoso, { kind: "external", name: "AWS hosted connection", bandwidthMbps: 2_000 });
    const azureConnector = await connector(contosoAzure, contoso, {
      kind: "virtual",
      name: "Azure ExpressRoute",
      description: "Virtual cross-connect",
      bandwidthMbps: 1_000,
    });
    const seattleFiber = await connector(fabrikamSeattle, fabrikam, {
      kind: "physical",
      name: "Seattle fiber",
      description: "",
      bandwidthMbps: 1_000,
      customerIp: "10.30.0.2",
      providerEdgeIp: "10.30.0.1",
      vlan: 130,
    });
    // Dedicated to the VLAN-type All path below: an All path cannot share its connectors.
    const seattleFiberB = await connector(fabrikamSeattle, fabrikam, {
      kind: "physical",
      name: "Seattle fiber B",
      description: "Dedicated to the Dublin circuit",
      bandwidthMbps: 1_000,
      customerIp: "10.30.1.2",
      providerEdgeIp: "10.30.1.1",
      vlan: 132,
    });
    const dublinFiber = await connector(fabrikamDublin, fabrikam, {
      kind: "physical",
      name: "Dublin fiber",
      description: "",
      bandwidthMbps: 1_000,
      customerIp: "10.31.0.2",
      providerEdgeIp: "10.31.0.1",
      vlan: 131,
    });
    const gcpConnector = await connector(fabrikamGcp, fabrikam, { kind: "external", name: "GCP Partner Interconnect", bandwidthMbps: 1_000 });
    const madridFiber = await connector(initechMadrid, initech, {
      kind: "physical",
      name: "Madrid fiber",
      description: "",
      bandwidthMbps: 1_000,
      customerIp: "10.40.0.2",
      providerEdgeIp: "10.40.0.1",
      vlan: 140,
    });
    const milanVirtual = await connector(initechMilan, initech, { kind: "virtual", name: "Milan virtual", description: "", bandwidthMbps: 300 });
    const oracleConnector = await connector(initechOracle, initech, { kind: "external", name: "OCI FastConnect", bandwidthMbps: 1_000 });
    const dxConnector = await connector(initechDx, initech, { kind: "external", name: "Direct Connect Paris", bandwidthMbps: 1_000 });
    await connector(initechMadrid, initech, { kind: "internet", name: "Madrid DIA", description: "", bandwidthMbps: 500 });

    // --- Paths, Layer 2 and Layer 3, each within its connectors' headroom, VLANs distinct per connector. ---
    // Each organization's paths by name: the alarms and the month of changes below are about these paths.
    const pathsOf = new Map<string, { id: string; name: string }[]>();
    const path = async (organizationId: string, values: Omit<typeof paths.$inferInsert, "organizationId">) => {
      const [row] = await tx.insert(paths).values({ organizationId, ...values }).returning({ id: paths.id, name: paths.name });
      pathsOf.set(organizationId, [...(pathsOf.get(organizationId) ?? []), row]);
    };
    const pathSubject = (organizationId: string, name: string) => `path:${pathsOf.get(organizationId)!.find((row) => row.name === name)!.id}`;
    await path(contoso, {
      name: "Paris ⇄ Frankfurt",
      layer: "layer2",
      sourceSiteId: contosoParis,
      sourceConnectorId: parisFiber,
      destinationSiteId: contosoFrankfurt,
      destinationConnectorId: frankfurtFiber,
      bandwidthMbps: 5_000,
      vlanType: "specific",
      vlanId: 210,
      slaHealth: "healthy",
    });
    await path(contoso, {
      name: "Frankfurt ⇄ AWS",
      layer: "layer3",
      sourceSiteId: contosoFrankfurt,
      sourceConnectorId: frankfurtFiber,
      destinationSiteId: contosoAws,
      destinationConnectorId: awsConnector,
      bandwidthMbps: 2_000,
      vlanType: "specific",
      vlanId: 220,
      prefixes: ["10.20.0.0/16", "172.31.0.0/16"],
      slaHealth: "healthy",
    });
    await path(contoso, {
      name: "Paris ⇄ Azure",
      layer: "layer3",
      sourceSiteId: contosoParis,
      sourceConnectorId: parisFiber,
      destinationSiteId: contosoAzure,
      destinationConnectorId: azureConnector,
      bandwidthMbps: 1_000,
      vlanType: "specific",
      vlanId: 230,
      prefixes: ["10.10.0.0/16", "10.50.0.0/16"],
      slaHealth: "warning",
    });
    await path(contoso, {
      name: "Lyon ⇄ Paris",
      layer: "layer3",
      sourceSiteId: contosoLyon,
      sourceConnectorId: lyonIpsec,
      destinationSiteId: contosoParis,
      destinationConnectorId: parisDia,
      bandwidthMbps: 200,
      vlanType: "specific",
      vlanId: 240,
      prefixes: ["192.168.50.0/24"],
      // Lyon Branch is inactive and never reports: no measurement, so no verdict (its loss alarm below stays open).
      slaHealth: "unknown",
    });
    await path(fabrikam, {
      name: "Seattle ⇄ Dublin",
      layer: "layer2",
      sourceSiteId: fabrikamSeattle,
      sourceConnectorId: seattleFiberB,
      destinationSiteId: fabrikamDublin,
      destinationConnectorId: dublinFiber,
      bandwidthMbps: 500,
      vlanType: "all",
      slaHealth: "healthy",
    });
    await path(fabrikam, {
      name: "GCP ⇄ Seattle",
      layer: "layer3",
      sourceSiteId: fabrikamGcp,
      sourceConnectorId: gcpConnector,
      destinationSiteId: fabrikamSeattle,
      destinationConnectorId: seattleFiber,
      bandwidthMbps: 400,
      vlanType: "specific",
      vlanId: 250,
      prefixes: ["10.128.0.0/20"],
      slaHealth: "unknown",
    });
    await path(initech, {
      name: "Madrid ⇄ Milan",
      layer: "layer3",
      sourceSiteId: initechMadrid,
      sourceConnectorId: madridFiber,
      destinationSiteId: initechMilan,
      destinationConnectorId: milanVirtual,
      bandwidthMbps: 300,
      vlanType: "specific",
      vlanId: 260,
      prefixes: ["10.40.0.0/16", "10.41.0.0/16"],
      slaHealth: "healthy",
    });
    await path(initech, {
      name: "Madrid ⇄ Oracle",
      layer: "layer2",
      sourceSiteId: initechMadrid,
      sourceConnectorId: madridFiber,
      destinationSiteId: initechOracle,
      destinationConnectorId: oracleConnector,
      bandwidthMbps: 500,
      vlanType: "specific",
      vlanId: 270,
      slaHealth: "healthy",
    });
    await path(initech, {
      name: "Oracle ⇄ AWS Paris",
      layer: "layer3",
      sourceSiteId: initechOracle,
      sourceConnectorId: oracleConnector,
      destinationSiteId: initechDx,
      destinationConnectorId: dxConnector,
      bandwidthMbps: 400,
      vlanType: "specific",
      vlanId: 280,
      prefixes: ["10.60.0.0/16"],
      slaHealth: "healthy",
    });

    // --- Devices: claimed and assigned to nodes, claimed and spare, and unclaimed in the operator's stock. ---
    const deviceRows: (typeof devices.$inferInsert)[] = [];
    const assigned: [string, string, string][] = [
      ["MX-C9000-0001", northwind, nw.core[0].id],
      ["MX-C9000-0002", northwind, nw.core[1].id],
      ["MX-C9000-0003", northwind, nw.core[2].id],
      ["MX-C9000-0004", northwind, nw.core[3].id],
      ["MX-E400-0101", northwind, edgePar],
      ["MX-E200-0102", northwind, edgeFra],
      ["MX-E200-0103", northwind, edgeSea],
      ["MX-C100-0104", northwind, cpeContoso],
      ["MX-C9000-0201", bluewave, bw.core[0].id],
      ["MX-C9000-0202", bluewave, bw.core[1].id],
      ["MX-C9000-0203", bluewave, bw.core[2].id],
      ["MX-C9000-0204", bluewave, bw.core[3].id],
      ["MX-E200-0205", bluewave, edgeMad],
      ["MX-C100-0206", bluewave, cpeInitech],
    ];
    for (const [serialNumber, msp, nodeId] of assigned) {
      const model = serialNumber.slice(3, serialNumber.lastIndexOf("-"));
      deviceRows.push({
        serialNumber,
        claimCodeHash: claimHash(`C${serialNumber.slice(-4)}XYZ`.slice(0, 8)),
        model,
        softwareVersion: "24.3.1",
        configured: true,
        mspOrganizationId: msp,
        nodeId,
        claimedAt: new Date(now - 60 * DAY),
      });
    }
    deviceRows.push(
      { serialNumber: "MX-E200-0150", claimCodeHash: claimHash("SPARE150"), model: "E200", softwareVersion: "24.2.4", mspOrganizationId: northwind, claimedAt: new Date(now - 10 * DAY) },
      { serialNumber: "MX-C100-0151", claimCodeHash: claimHash("SPARE151"), model: "C100", softwareVersion: "24.2.4", mspOrganizationId: northwind, claimedAt: new Date(now - 9 * DAY) },
    );
    for (let i = 1; i <= 6; i++) {
      const serialNumber = `MX-E200-09${String(i).padStart(2, "0")}`;
      deviceRows.push({ serialNumber, claimCodeHash: claimHash(`CLAIM00${i}`.slice(0, 8)), model: "E200", softwareVersion: "24.3.1" });
    }
    const insertedDevices = await tx.insert(devices).values(deviceRows).returning({ id: devices.id, serialNumber: devices.serialNumber, msp: devices.mspOrganizationId });
    const deviceId = (serial: string) => insertedDevices.find((device) => device.serialNumber === serial)!.id;

    // --- Lifecycle history: finished, running and scheduled operations. ---
    const nora = people.get("admin@northwind.example")!;
    const conor = people.get("configure@northwind.example")!;
    const bastien = people.get("admin@bluewave.example")!;
    await tx.insert(lifecycleOperations).values([
      ...["MX-C9000-0001", "MX-C9000-0002", "MX-C9000-0003", "MX-C9000-0004"].map((serial, i) => ({
        organizationId: northwind,
        deviceId: deviceId(serial),
        operation: "install-version" as const,
        version: "24.3.1",
        status: "success" as const,
        scheduledAt: new Date(now - 14 * DAY + i * HOUR),
        startedAt: new Date(now - 14 * DAY + i * HOUR),
        finishedAt: new Date(now - 14 * DAY + i * HOUR + 18 * 60_000),
        progress: 100,
        summary: messageWithValues(lifecycleResultKey("installed"), { version: "24.3.1" }),
        createdBy: nora,
      })),
      {
        organizationId: northwind,
        deviceId: deviceId("MX-E200-0103"),
        operation: "reboot",
        status: "failed",
        scheduledAt: new Date(now - 6 * DAY),
        startedAt: new Date(now - 6 * DAY),
        finishedAt: new Date(now - 6 * DAY + 9 * 60_000),
        progress: 40,
        summary: messageWithValues(lifecycleResultKey("rebootTimeout"), { progress: 40, minutes: 8 }),
        createdBy: conor,
      },
      {
        organizationId: northwind,
        deviceId: deviceId("MX-C100-0104"),
        operation: "install-version",
        version: "24.3.2",
        status: "cancelled",
        scheduledAt: new Date(now - 3 * DAY),
        finishedAt: new Date(now - 4 * DAY),
        summary: lifecycleResultKey("cancelledBeforeStart"),
        createdBy: conor,
        cancelledBy: nora,
      },
      ...["MX-E400-0101", "MX-E200-0102"].map((serial, i) => ({
        organizationId: northwind,
        deviceId: deviceId(serial),
        operation: "install-version" as const,
        version: "24.3.2",
        status: "scheduled" as const,
        scheduledAt: new Date(now + 2 * DAY + i * HOUR),
        createdBy: nora,
      })),
      {
        organizationId: bluewave,
        deviceId: deviceId("MX-E200-0205"),
        operation: "install-version",
        version: "24.3.2",
        status: "scheduled",
        scheduledAt: new Date(now + 5 * DAY),
        createdBy: bastien,
      },
    ]);

    // --- Alarm history: open, acknowledged and cleared. ---
    const carla = people.get("admin@contoso.example")!;
    await tx.insert(alarms).values([
      {
        organizationId: contoso,
        message: slaBadMessage("Lyon ⇄ Paris", [{ metric: "lossPercent", value: 6.2, limit: SLA_THRESHOLDS.lossPercent.bad }]),
        severity: "major",
        type: "sla-bad",
        source: "Lyon ⇄ Paris",
        subject: pathSubject(contoso, "Lyon ⇄ Paris"),
        raisedAt: new Date(now - 2 * HOUR),
      },
      {
        organizationId: contoso,
        message: slaBadMessage("Paris ⇄ Azure", [{ metric: "latencyMs", value: 86, limit: SLA_THRESHOLDS.latencyMs.warning }]),
        severity: "warning",
        type: "sla-bad",
        source: "Paris ⇄ Azure",
        subject: pathSubject(contoso, "Paris ⇄ Azure"),
        raisedAt: new Date(now - 5 * HOUR),
        acknowledgedBy: carla,
        acknowledgedAt: new Date(now - 4 * HOUR),
        note: "Azure maintenance in West Europe until 18:00",
      },
      {
        // A port of Northwind's node: Northwind's alarm, as the alarm engine raises it (not a customer's it serves).
        organizationId: northwind,
        message: portDownMessage("2", "nw-edge-par-01"),
        severity: "minor",
        type: "port-down",
        source: "nw-edge-par-01",
        subject: `port:${edgePar}:2`,
        raisedAt: new Date(now - 3 * DAY),
        clearedAt: new Date(now - 3 * DAY + 20 * 60_000),
      },
      {
        organizationId: northwind,
        message: linkDownMessage("nw-edge-sea-01 ⇄ nw-core-ash"),
        severity: "critical",
        type: "link-down",
        source: "nw-edge-sea-01",
        subject: "link:nw-sea-ash",
        raisedAt: new Date(now - 6 * DAY),
        clearedAt: new Date(now - 6 * DAY + 25 * 60_000),
      },
      {
        organizationId: northwind,
        message: deviceSilentMessage("MX-C100-0151", null, 15),
        severity: "major",
        type: "device-unreachable",
        source: "MX-C100-0151",
        subject: `device:${deviceId("MX-C100-0151")}`,
        raisedAt: new Date(now - 40 * 60_000),
      },
      {
        organizationId: initech,
        message: slaBadMessage("Madrid ⇄ Milan", [{ metric: "jitterMs", value: 24, limit: SLA_THRESHOLDS.jitterMs.warning }]),
        severity: "warning",
        type: "sla-bad",
        source: "Madrid ⇄ Milan",
        subject: pathSubject(initech, "Madrid ⇄ Milan"),
        raisedAt: new Date(now - 90 * 60_000),
      },
    ]);

    // --- A pending invitation (its link was shown once to the inviter; the token is not kept). ---
    await tx.insert(invitations).values({
      organizationId: contoso,
      email: "network.engineer@contoso.example",
      role: "customer-configure",
      tokenHash: createHash("sha256").update(randomBytes(32)).digest("base64url"),
      invitedBy: carla,
      createdAt: new Date(now - DAY),
    });

    // --- A month of configuration events with before/after. ---
    const history: (typeof events.$inferInsert)[] = [];
    const actors: [string, string, string][] = [
      [contoso, "admin@contoso.example", carla],
      [northwind, "admin@northwind.example", nora],
      [initech, "admin@initech.example", people.get("admin@initech.example")!],
      [fabrikam, "admin@fabrikam.example", people.get("admin@fabrikam.example")!],
      [bluewave, "admin@bluewave.example", bastien],
    ];
    // The bandwidth of one of the organization's own objects, by name, so each event links to it and says which: a
    // customer's paths, an MSP's links.
    const changeable = new Map<string, { entityType: "path" | "link"; rows: { id: string; name: string }[] }>();
    for (const [organizationId] of actors) {
      const ownPaths = pathsOf.get(organizationId) ?? [];
      const ownLinks = ownPaths.length ? [] : await tx.select({ id: links.id, name: links.name }).from(links).where(eq(links.organizationId, organizationId)).orderBy(links.name);
      changeable.set(organizationId, ownPaths.length ? { entityType: "path", rows: ownPaths } : { entityType: "link", rows: ownLinks });
    }
    for (let day = 30; day >= 1; day--) {
      for (const [index, [organizationId, email, userId]] of actors.entries()) {
        if ((day + index) % 3 !== 0) continue;
        const bandwidth = 500 + ((day * 37 + index * 11) % 10) * 100;
        const { entityType, rows } = changeable.get(organizationId)!;
        const changed = rows[day % rows.length];
        history.push({
          organizationId,
          timestamp: new Date(now - day * DAY + index * HOUR),
          source: email,
          type: `${entityType}.updated`,
          entityType,
          entityId: changed.id,
          entityName: changed.name,
          actorUserId: userId,
          before: { bandwidthMbps: bandwidth },
          after: { bandwidthMbps: bandwidth + 100 },
        });
      }
    }
    history.push({
      organizationId: maia,
      timestamp: new Date(now - 20 * DAY),
      source: "admin@maia.example",
      type: "device.created",
      entityType: "device",
      entityId: deviceId("MX-E200-0901"),
      entityName: "MX-E200-0901",
      actorUserId: people.get("admin@maia.example")!,
      after: { serialNumber: "MX-E200-0901", model: "E200" },
    });
    // Every seeded connector's homing, stored as the serving rule proposes it (as a connector created in the console gets it).
    await homeUnhomedConnectors(tx);
    await tx.insert(events).values(history);
  });
}
